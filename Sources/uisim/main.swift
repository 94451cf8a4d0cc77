// `uisim`: the command line with the built-in scenes. An app's own executable is the same line
// with its scenes (UISimCommand.main(scenes:); README, "Profile your own screens").
import UISimCommandLine

UISimCommand.main(scenes: [])
