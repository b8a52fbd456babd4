/* CTurboJPEG: libjpeg-turbo's TurboJPEG API for Swift: lossless transforms (crop, rotate, flip) of JPEG data. */
#ifndef CTURBOJPEG_SHIM_H
#define CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
/* tjMCUWidth/tjMCUHeight are static arrays in the header; these read them by subsampling. */
static inline int ctj_mcu_width(int subsamp) { return (subsamp >= 0 && subsamp < TJ_NUMSAMP) ? tjMCUWidth[subsamp] : 8; }
static inline int ctj_mcu_height(int subsamp) { return (subsamp >= 0 && subsamp < TJ_NUMSAMP) ? tjMCUHeight[subsamp] : 8; }
#endif
