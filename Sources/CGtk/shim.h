/* CGtk: GTK 4 and libadwaita for Swift, plus inline wrappers for the macros and variadics Swift cannot import. */
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#include <adwaita.h>
#include <gsk/gl/gskglrenderer.h>
#include <glib-unix.h>
#include <cairo.h>
#include <libintl.h>
#include <locale.h>

/* libdispatch's main-queue SPI: GLib drains the Swift main queue through these (see GtkSupport). */
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *msg);

/* Type macros. */
static inline GType cgtk_file_list_type(void) { return GDK_TYPE_FILE_LIST; }
static inline GType cgtk_boolean_type(void) { return G_TYPE_BOOLEAN; }
static inline GType cgtk_int_type(void) { return G_TYPE_INT; }
static inline GType cgtk_string_type(void) { return G_TYPE_STRING; }
static inline GType cgtk_uint_type(void) { return G_TYPE_UINT; }

/* Casts from any GObject instance pointer. */
static inline GtkWidget *cgtk_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *cgtk_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkApplication *cgtk_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GApplication *cgtk_gapplication(gpointer p) { return G_APPLICATION(p); }
static inline GObject *cgtk_object(gpointer p) { return G_OBJECT(p); }
static inline GtkWidgetClass *cgtk_widget_class(gpointer klass) { return GTK_WIDGET_CLASS(klass); }
static inline GObjectClass *cgtk_object_class(gpointer klass) { return G_OBJECT_CLASS(klass); }
static inline GtkEventController *cgtk_event_controller(gpointer p) { return GTK_EVENT_CONTROLLER(p); }
static inline GtkEventControllerScroll *cgtk_event_controller_scroll(gpointer p) { return GTK_EVENT_CONTROLLER_SCROLL(p); }
static inline GtkGesture *cgtk_gesture(gpointer p) { return GTK_GESTURE(p); }
static inline GtkGestureDrag *cgtk_gesture_drag(gpointer p) { return GTK_GESTURE_DRAG(p); }
static inline GtkGestureSingle *cgtk_gesture_single(gpointer p) { return GTK_GESTURE_SINGLE(p); }
static inline GtkButton *cgtk_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkLabel *cgtk_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkBox *cgtk_box(gpointer p) { return GTK_BOX(p); }
static inline GtkAccessible *cgtk_accessible(gpointer p) { return GTK_ACCESSIBLE(p); }
static inline GdkPaintable *cgtk_paintable(gpointer p) { return GDK_PAINTABLE(p); }
static inline GActionMap *cgtk_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GtkMenuButton *cgtk_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline AdwApplicationWindow *cgtk_adw_application_window(gpointer p) { return ADW_APPLICATION_WINDOW(p); }
static inline AdwHeaderBar *cgtk_adw_header_bar(gpointer p) { return ADW_HEADER_BAR(p); }
static inline AdwToastOverlay *cgtk_adw_toast_overlay(gpointer p) { return ADW_TOAST_OVERLAY(p); }
static inline GtkStack *cgtk_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkSpinner *cgtk_spinner(gpointer p) { return GTK_SPINNER(p); }
static inline GtkFileChooser *cgtk_file_chooser(gpointer p) { return GTK_FILE_CHOOSER(p); }
static inline GtkNativeDialog *cgtk_native_dialog(gpointer p) { return GTK_NATIVE_DIALOG(p); }
static inline GtkOverlay *cgtk_overlay(gpointer p) { return GTK_OVERLAY(p); }
static inline GtkDrawingArea *cgtk_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }

/* Signal connection (g_signal_connect is a macro). */
static inline gulong cgtk_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                         gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

/* Accessibility: one-property updates (gtk_accessible_update_property is variadic). */
static inline void cgtk_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void cgtk_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/* Key bindings on a widget class (gtk_widget_class_add_binding_action is variadic). */
static inline void cgtk_widget_class_add_binding_action(GtkWidgetClass *klass, guint keyval, GdkModifierType mods,
                                                        const char *action) {
    gtk_widget_class_add_binding_action(klass, keyval, mods, action, NULL);
}
/* A binding whose action takes a (string, int) parameter. */
static inline void cgtk_widget_class_add_binding_action_si(GtkWidgetClass *klass, guint keyval, GdkModifierType mods,
                                                           const char *action, const char *s, int i) {
    gtk_widget_class_add_binding_action(klass, keyval, mods, action, "(si)", s, i);
}

/* GTK's test accessibility context (GTK_A11Y=test): NULL when the property has the expected string value,
   otherwise the actual value (free with g_free). gtk_test_accessible_check_property is variadic. */
static inline char *cgtk_test_accessible_check_string(GtkWidget *widget, GtkAccessibleProperty property,
                                                      const char *expected) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), property, expected);
}
/* The same for a number (a progress bar's VALUE_NOW). */
static inline char *cgtk_test_accessible_check_double(GtkWidget *widget, GtkAccessibleProperty property,
                                                      double expected) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), property, expected);
}


#endif
