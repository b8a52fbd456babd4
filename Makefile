# The commands a new user runs: `make run` (set up, build, open the editor) and `make test` (set up, every test).

SWIFT ?= swift
IMAGE ?=
# What building and running needs.
RUN_PACKAGES := pkg-config libgtk-4-dev libadwaita-1-dev libvips-dev libturbojpeg0-dev libjpeg62-turbo-dev libgexiv2-dev libglib2.0-bin \
	libseccomp-dev libspng-dev
# What checks the desktop entry, AppStream metadata and GSettings schema (the tools Flathub runs too).
VALIDATE_PACKAGES := desktop-file-utils appstream libglib2.0-bin
# What the tests need besides: a display, a session and accessibility bus, real input, image oracles,
# the Orca screen reader with the speech server it speaks through, a headless Wayland compositor, setfacl
# and setfattr (a file the editor replaces keeps its ACL and extended attributes), poppler's PDF tools
# (printing), GNOME's desktop schemas (the background) and GIO from Python (a desktop action).
TEST_PACKAGES := time xvfb xauth dbus dbus-x11 at-spi2-core libatspi2.0-dev xdotool imagemagick libvips-tools \
	libjpeg-turbo-progs libimage-exiftool-perl locales gettext orca speech-dispatcher weston xclip wl-clipboard acl attr \
	poppler-utils gsettings-desktop-schemas python3-gi $(VALIDATE_PACKAGES)

.PHONY: run test build deps test-deps bench bench-export bench-perspective bench-photos bench-batch bench-launch clean pot schemas translations format fuzz

deps:
	scripts/install-packages $(RUN_PACKAGES)

test-deps:
	scripts/install-packages $(RUN_PACKAGES) $(TEST_PACKAGES)

build: deps
	$(SWIFT) build --product crop-editor
	$(SWIFT) build --product crop-editor-gui
	$(SWIFT) build --product crop-editor-decoder
	$(SWIFT) build --product crop-editor-jpegcut

# The schema compiled beside the build, so settings work without installing.
schemas:
	mkdir -p .build/schemas
	glib-compile-schemas --strict --targetdir=.build/schemas data/

# `make run` runs what users run: a release build (the canvas's Swift optimised). `make run DEBUG=1` runs the
# debug build instead, for developers (quicker to build, slower to draw).
run: deps $(if $(DEBUG),build,release) schemas translations
	GSETTINGS_SCHEMA_DIR="$(CURDIR)/.build/schemas" CROP_EDITOR_LOCALEDIR="$(CURDIR)/$(BUILT)/locale" \
		.build/$(if $(DEBUG),debug,release)/crop-editor $(IMAGE)

test: test-deps
	$(SWIFT) build --build-tests
	scripts/run-tests

bench: deps
	$(SWIFT) run -c release crop-bench

bench-export: deps
	scripts/bench-export

bench-perspective: deps
	scripts/bench-perspective

bench-photos: deps
	scripts/bench-photos

bench-batch: deps
	scripts/bench-batch

bench-launch: deps
	scripts/bench-launch

clean:
	rm -rf .build .build-fuzz

# Our parsers of untrusted bytes under libFuzzer with the address sanitizer, FUZZ_SECONDS each (one at a
# time); crashes land in .build-fuzz/crashes/TARGET/.
FUZZ_SECONDS ?= 60
fuzz: test-deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz

# The tree formatted with .swift-format (a test checks it stays so).
format:
	$(SWIFT) format format --in-place --recursive --parallel Sources Tests Package.swift

# The translation template: every tr("…"), trn("…", "…", n) and N_("…") literal in the Swift files
# po/POTFILES lists (Swift's string literals parse as C's for xgettext; interpolation never appears inside
# tr()), then the desktop entry's and AppStream metadata's texts (xgettext knows both formats).
POT_SWIFT = $(shell grep '\.swift$$' po/POTFILES)
POT_DATA = $(shell grep -v -e '\.swift$$' -e '^\#' po/POTFILES)
pot:
	xgettext --from-code=UTF-8 -L C --keyword=tr --keyword=N_ --keyword=trn:1,2 --add-comments=TRANSLATORS \
		--package-name=crop-editor -o po/crop-editor.pot $(POT_SWIFT)
	xgettext --from-code=UTF-8 --join-existing --add-comments=TRANSLATORS --package-name=crop-editor \
		-o po/crop-editor.pot $(POT_DATA)

# The languages po/LINGUAS names, each compiled from po/LANG.po, and the desktop entry and AppStream
# metadata with every language's texts merged in, all built under $(BUILT) (make run uses the catalogues
# there; install copies them).
BUILT := .build/translated
LINGUAS = $(shell grep -v '^\#' po/LINGUAS)
translations:
	scripts/install-packages gettext
	$(foreach lang,$(LINGUAS),mkdir -p $(BUILT)/locale/$(lang)/LC_MESSAGES && \
		msgfmt --check -o $(BUILT)/locale/$(lang)/LC_MESSAGES/crop-editor.mo po/$(lang).po;)
	mkdir -p $(BUILT)/data
	msgfmt --desktop --template=data/$(APP_ID).desktop -d po -o $(BUILT)/data/$(APP_ID).desktop
	msgfmt --xml --template=data/$(APP_ID).metainfo.xml -d po -o $(BUILT)/data/$(APP_ID).metainfo.xml

# Installing as a desktop app. PREFIX and DESTDIR work as in GNU packages (packagers stage into DESTDIR
# and run the cache tools at install time, so they run here only when DESTDIR is empty). BINARY names a
# crop-editor already built (its crop-editor-gui and crop-editor-decoder beside it); left empty, a release build is made first (`make release && sudo make install`
# keeps the build out of root's hands, since the second build finds nothing to do).
PREFIX ?= /usr/local
BINARY ?=
# The Swift runtime linked in: the installed binary runs where no toolchain is, and starts faster
# (the headless command line pays start-up on every call). Empty it for a dynamically linked build.
RELEASE_FLAGS ?= --static-swift-stdlib
APP_ID := io.github.cropeditor.CropEditor
SCHEMAS := $(wildcard data/*.gschema.xml)
ICONS := icons/hicolor/scalable/apps/$(APP_ID).svg icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
SHARE = $(DESTDIR)$(PREFIX)/share
# Every file install writes, so uninstall removes exactly these.
# The window's binary and the confined decoder: started by crop-editor, not meant to be run by hand.
LIBEXEC = $(DESTDIR)$(PREFIX)/libexec/crop-editor
CATALOGUES = $(foreach lang,$(LINGUAS),locale/$(lang)/LC_MESSAGES/crop-editor.mo)
INSTALLED = $(DESTDIR)$(PREFIX)/bin/crop-editor $(LIBEXEC)/crop-editor-gui $(LIBEXEC)/crop-editor-decoder $(LIBEXEC)/crop-editor-jpegcut $(SHARE)/applications/$(APP_ID).desktop \
	$(SHARE)/metainfo/$(APP_ID).metainfo.xml $(addprefix $(SHARE)/,$(ICONS)) \
	$(addprefix $(SHARE)/glib-2.0/schemas/,$(notdir $(SCHEMAS))) $(addprefix $(SHARE)/,$(CATALOGUES))

.PHONY: release install uninstall refresh-caches validate

# The translations' folder is fixed at build time for PREFIX, as a configure step would.
RELEASE_CONFIG = -Xcc -DCROP_EDITOR_LOCALEDIR='"$(PREFIX)/share/locale"'

release:
	$(SWIFT) build -c release --product crop-editor $(RELEASE_FLAGS) $(RELEASE_CONFIG)
	$(SWIFT) build -c release --product crop-editor-gui $(RELEASE_FLAGS) $(RELEASE_CONFIG)
	$(SWIFT) build -c release --product crop-editor-decoder $(RELEASE_FLAGS) $(RELEASE_CONFIG)
	$(SWIFT) build -c release --product crop-editor-jpegcut $(RELEASE_FLAGS) $(RELEASE_CONFIG)

install: $(if $(BINARY),,release) translations
	install -Dm755 "$(or $(BINARY),.build/release/crop-editor)" "$(DESTDIR)$(PREFIX)/bin/crop-editor"
	install -Dm755 "$(dir $(or $(BINARY),.build/release/crop-editor))crop-editor-gui" "$(LIBEXEC)/crop-editor-gui"
	install -Dm755 "$(dir $(or $(BINARY),.build/release/crop-editor))crop-editor-decoder" "$(LIBEXEC)/crop-editor-decoder"
	install -Dm755 "$(dir $(or $(BINARY),.build/release/crop-editor))crop-editor-jpegcut" "$(LIBEXEC)/crop-editor-jpegcut"
	install -Dm644 $(BUILT)/data/$(APP_ID).desktop "$(SHARE)/applications/$(APP_ID).desktop"
	install -Dm644 $(BUILT)/data/$(APP_ID).metainfo.xml "$(SHARE)/metainfo/$(APP_ID).metainfo.xml"
	$(foreach file,$(CATALOGUES),install -Dm644 $(BUILT)/$(file) "$(SHARE)/$(file)";)
	$(foreach icon,$(ICONS),install -Dm644 data/$(icon) "$(SHARE)/$(icon)";)
	$(foreach schema,$(SCHEMAS),install -Dm644 $(schema) "$(SHARE)/glib-2.0/schemas/$(notdir $(schema))";)
	@$(MAKE) --no-print-directory refresh-caches

uninstall:
	rm -f $(foreach file,$(INSTALLED),"$(file)")
	rmdir "$(LIBEXEC)" 2>/dev/null || true
	@$(MAKE) --no-print-directory refresh-caches

# The system caches that list desktop entries, icons and compiled schemas, for a live (not staged) prefix.
refresh-caches:
ifeq ($(DESTDIR),)
	$(if $(SCHEMAS),if [ -d "$(SHARE)/glib-2.0/schemas" ]; then glib-compile-schemas "$(SHARE)/glib-2.0/schemas"; fi)
	if [ -d "$(SHARE)/applications" ] && command -v update-desktop-database >/dev/null; then \
		update-desktop-database -q "$(SHARE)/applications"; fi
	if [ -d "$(SHARE)/icons/hicolor" ] && command -v gtk-update-icon-cache >/dev/null; then \
		gtk-update-icon-cache -q -t -f "$(SHARE)/icons/hicolor"; fi
else
	@: staged install: the packager runs the cache tools on the target system
endif

# The checks Flathub's linter builds on: desktop entry, AppStream metadata (offline), GSettings schema,
# both as written and as installed (with the translations merged in).
validate: translations
	scripts/install-packages $(VALIDATE_PACKAGES)
	desktop-file-validate data/$(APP_ID).desktop
	desktop-file-validate $(BUILT)/data/$(APP_ID).desktop
	appstreamcli validate --no-net data/$(APP_ID).metainfo.xml
	appstreamcli validate --no-net $(BUILT)/data/$(APP_ID).metainfo.xml
	$(if $(SCHEMAS),glib-compile-schemas --strict --dry-run data/)
