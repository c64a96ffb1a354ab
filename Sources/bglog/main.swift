import BglogCLI

import Foundation

exit(BglogCLI.run(arguments: Array(CommandLine.arguments.dropFirst())))
