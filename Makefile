# The commands a new user runs: `make run` (set up, build, open the editor) and `make test` (set up, every test).

SWIFT ?= swift
IMAGE ?=
# What building and running needs.
RUN_PACKAGES := pkg-config libgtk-4-dev libadwaita-1-dev
# What the tests need besides: a display, a session and accessibility bus, real input, image oracles.
TEST_PACKAGES := xvfb xauth dbus at-spi2-core libatspi2.0-dev xdotool imagemagick

.PHONY: run test build deps test-deps bench clean

deps:
	scripts/install-packages $(RUN_PACKAGES)

test-deps:
	scripts/install-packages $(RUN_PACKAGES) $(TEST_PACKAGES)

build: deps
	$(SWIFT) build --product crop-editor

run: build
	.build/debug/crop-editor $(IMAGE)

test: test-deps
	$(SWIFT) build --build-tests
	scripts/run-tests

bench: deps
	$(SWIFT) run -c release crop-bench

clean:
	rm -rf .build
