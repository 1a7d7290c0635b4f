import Capacitor
import UIKit

/// The app's bridge view controller (Main.storyboard): Capacitor's own, plus the plugins that live in
/// this project rather than in an npm package.
class MainViewController: CAPBridgeViewController {
    override open func capacitorDidLoad() {
        bridge?.registerPluginInstance(AirPlayPlugin())
    }
}
