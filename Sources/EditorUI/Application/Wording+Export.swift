// The editor's words come from the Wording module (shared with the command line): re-exported so every file here has `tr`.

@_exported import Wording
