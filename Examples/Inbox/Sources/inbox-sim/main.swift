// The uisim command line with the app's scenes: `inbox-sim replay Traces/scroll.trace --scene inbox`,
// `inbox-sim check …`, `inbox-sim scenes`, and every other uisim command.
import InboxScreens
import UISimCommandLine

UISimCommand.main(scenes: [InboxScene.scene, MailboxScene.scene, ThreadsScene.scene])
