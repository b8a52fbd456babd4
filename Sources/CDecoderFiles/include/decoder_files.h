/* CDecoderFiles: the decoding process's only files, descriptors the editor handed over, under fixed names. */
#ifndef CDECODER_FILES_H
#define CDECODER_FILES_H

/* Forgets every name (between jobs); the descriptors are the caller's to close. */
void cdf_reset(void);
/* `path` names `fd` (read from its start at every open). */
void cdf_add_file(const char *path, int fd);
/* Every name inside `folder` names `fd`, the one result being written (its temporary and its
   target alike): opening it for writing with O_TRUNC empties it. */
void cdf_set_output(const char *folder, int fd);
#endif
