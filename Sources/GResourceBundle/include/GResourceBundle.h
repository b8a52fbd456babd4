#ifndef __RESOURCE_crop_editor_ui_H__
#define __RESOURCE_crop_editor_ui_H__

#include <gio/gio.h>

extern GResource *crop_editor_ui_get_resource (void);

extern void crop_editor_ui_register_resource (void);
extern void crop_editor_ui_unregister_resource (void);

#endif
