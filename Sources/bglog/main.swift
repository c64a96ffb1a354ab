import BglogCLI
import Foundation

exit(BglogCLI.run(arguments: Array(CommandLine.arguments.dropFirst()), io: Terminal.processIO()).rawValue)
