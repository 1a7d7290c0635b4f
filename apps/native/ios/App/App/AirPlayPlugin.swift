import AVFoundation
import AVKit
import Capacitor
import UIKit

/// AirPlay for the app's native player (AVPlayer in @mediagrid/capacitor-native-audio, audio session
/// category playback): the web page's AirPlay button opens the system route picker, and the page is
/// told whether any route besides this device exists. iOS lets no app choose a route itself; the
/// picker is the system's, opened by its own button (AVRoutePickerView). Registered by
/// MainViewController; the web app reaches it as `AirPlay` (apps/web/src/lib/native/native-airplay.ts).
@objc(AirPlayPlugin)
public class AirPlayPlugin: CAPPlugin, CAPBridgedPlugin {
    public let identifier = "AirPlayPlugin"
    public let jsName = "AirPlay"
    public let pluginMethods: [CAPPluginMethod] = [
        CAPPluginMethod(name: "getRoutes", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "showRoutePicker", returnType: CAPPluginReturnPromise)
    ]

    private let detector = AVRouteDetector()
    private var routesObserver: NSObjectProtocol?
    /// One invisible picker, kept in the web view's hierarchy: its button is what opens the sheet.
    private var picker: AVRoutePickerView?

    override public func load() {
        DispatchQueue.main.async {
            self.detector.isRouteDetectionEnabled = true
            self.routesObserver = NotificationCenter.default.addObserver(
                forName: .AVRouteDetectorMultipleRoutesDetectedDidChange,
                object: self.detector,
                queue: .main
            ) { [weak self] _ in
                guard let self = self else { return }
                self.notifyListeners("routesChanged", data: ["available": self.detector.multipleRoutesDetected])
            }
        }
    }

    deinit {
        if let observer = routesObserver {
            NotificationCenter.default.removeObserver(observer)
        }
    }

    /// `available`: a route other than this device (an AirPlay speaker or TV) is on the network.
    @objc func getRoutes(_ call: CAPPluginCall) {
        DispatchQueue.main.async {
            call.resolve(["available": self.detector.multipleRoutesDetected])
        }
    }

    @objc func showRoutePicker(_ call: CAPPluginCall) {
        DispatchQueue.main.async {
            guard let view = self.bridge?.viewController?.view else {
                call.reject("The app has no view to show the AirPlay picker from")
                return
            }
            let picker = self.picker ?? AVRoutePickerView(frame: .zero)
            if picker.superview !== view {
                picker.alpha = 0
                picker.isUserInteractionEnabled = false
                view.addSubview(picker)
                self.picker = picker
            }
            guard let button = picker.subviews.compactMap({ $0 as? UIButton }).first else {
                call.reject("AirPlay not supported on this device")
                return
            }
            button.sendActions(for: .touchUpInside)
            call.resolve()
        }
    }
}
