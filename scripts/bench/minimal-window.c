/* The baseline of scripts/bench-launch: a minimal libadwaita window (a header bar and a solid area of
 * the benchmark pictures' colour), the least a GTK 4 app on this renderer costs to show something. */
#include <adwaita.h>

static void draw(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer data) {
    cairo_set_source_rgb(cr, 0.86, 0.1, 0.86);
    cairo_paint(cr);
}

static void activate(GtkApplication *app, gpointer data) {
    GtkWidget *window = adw_application_window_new(app);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), adw_header_bar_new());
    GtkWidget *area = gtk_drawing_area_new();
    gtk_widget_set_vexpand(area, TRUE);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw, NULL, NULL);
    gtk_box_append(GTK_BOX(box), area);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), box);
    gtk_window_set_default_size(GTK_WINDOW(window), 900, 650);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    AdwApplication *app = adw_application_new("io.github.cropeditor.BenchMinimal", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    return g_application_run(G_APPLICATION(app), 1, argv);
}
