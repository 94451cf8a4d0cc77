import Foundation
import Geometry
import CoreGraphics
import UIKit

/// The `contacts` scene: a tab bar controller whose second tab, Contacts, is a table of 400
/// contacts, each row an avatar, a name, a detail line and a switch, laid out with constraints.
/// The first tab, Favorites, shows at launch: a tap on the Contacts tab (at (292, 785) on an
/// iPhone 14, `tab-and-fling.trace`) loads the list and makes the cells of its first screen in
/// that frame; a fling then reuses them. The cell is built in code (`init(style:reuseIdentifier:)`),
/// or with `nib-cells` made from a nib document (`ContactCell.xib`, registered with
/// `register(_:forCellReuseIdentifier:)`) holding the same views, properties and constraints: the
/// same frames on screen, so the two differ only in how each new cell is made. It is folklore that
/// nibs are slow; the advice measures it.
enum ContactsScene {
    static let scene = Scene(
        name: "contacts",
        summary: "Two tabs: Favorites, and a table of 400 contacts (avatar, name, detail, switch; constraints) whose cells are built in code.",
        variants: [
            .init(name: "nib-cells",
                  summary: "each new cell is made from a nib document with the same views and constraints (off: built in code)"),
        ]
    ) { settings in
        let favorites = FavoritesViewController()
        favorites.tabBarItem = UITabBarItem(title: "Favorites", image: nil, tag: 0)
        let contacts = ContactsViewController(nibCells: settings.isOn("nib-cells"))
        contacts.tabBarItem = UITabBarItem(title: "Contacts", image: nil, tag: 1)
        let tabs = UITabBarController()
        tabs.viewControllers = [favorites, contacts]
        return tabs
    }
}

/// The first tab: no favorites yet, said in the list's two fonts (so the text system has them
/// ready before the list shows, as an app that has drawn text in them has).
final class FavoritesViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Favorites"
        view.backgroundColor = .systemBackground
        let heading = UILabel(frame: CGRect(x: 16, y: 120, width: view.bounds.width - 32, height: 22))
        heading.text = "No Favorites"
        heading.font = .systemFont(ofSize: 17, weight: .semibold)
        heading.textAlignment = .center
        let hint = UILabel(frame: CGRect(x: 16, y: 146, width: view.bounds.width - 32, height: 20))
        hint.text = "Contacts you mark show here."
        hint.font = .systemFont(ofSize: 15)
        hint.textColor = .systemGray
        hint.textAlignment = .center
        view.addSubview(heading)
        view.addSubview(hint)
    }
}

/// The list's screen: its table's data source.
final class ContactsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    static let rowCount = 400
    static let rowHeight: CGFloat = 72
    let nibCells: Bool
    private(set) var tableView: UITableView!
    private let avatars: [UIImage]

    init(nibCells: Bool) {
        self.nibCells = nibCells
        avatars = (0..<8).map(FeedViewController.avatar)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        let table = UITableView(frame: UIScreen.main.bounds, style: .plain)
        table.rowHeight = Self.rowHeight
        table.alwaysBounceVertical = true
        if nibCells {
            // The app's nib, read once by UINib (as iOS reads the compiled nib once) and
            // instantiated for each cell the table makes.
            UINib.register(ContactCell.self)
            table.register(UINib(data: Data(ContactCell.document.utf8), bundle: nil), forCellReuseIdentifier: ContactCell.reuseIdentifier)
        } else {
            table.register(ContactCell.self, forCellReuseIdentifier: ContactCell.reuseIdentifier)
        }
        table.dataSource = self
        table.delegate = self
        tableView = table
        view = table
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { Self.rowCount }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ContactCell.reuseIdentifier, for: indexPath) as! ContactCell
        let row = indexPath.row
        cell.avatar.image = avatars[row % avatars.count]
        cell.name.text = Self.names[row % Self.names.count] + " \(row / Self.names.count + 1)"
        cell.detail.text = row % 3 == 0 ? "Mobile · last seen today" : "Work · \(row % 24 + 1) shared albums"
        cell.toggle.isOn = row % 4 != 0
        return cell
    }

    static let names = ["Ada Lovelace", "Grace Hopper", "Alan Kay", "Barbara Liskov", "Edsger Dijkstra", "Frances Allen",
                        "Donald Knuth", "Margaret Hamilton", "Niklaus Wirth", "Radia Perlman", "Ken Thompson"]
}

/// A contact's row: an avatar (48 pt, round), the name (17 pt semibold) and a detail line (15 pt,
/// grey) beside it, a switch at the trailing edge; each 16 pt from the content view's edges.
final class ContactCell: UITableViewCell {
    static let reuseIdentifier = "Contact"
    // Outlets (a nib's connections fill them; the code path makes them).
    var avatar: UIImageView!
    var name: UILabel!
    var detail: UILabel!
    var toggle: UISwitch!

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        avatar = UIImageView()
        avatar.contentMode = .scaleAspectFill
        avatar.clipsToBounds = true
        avatar.layer.cornerRadius = 24
        name = UILabel()
        name.font = .systemFont(ofSize: 17, weight: .semibold)
        detail = UILabel()
        detail.font = .systemFont(ofSize: 15)
        detail.textColor = .systemGray
        toggle = UISwitch()
        toggle.isOn = true
        for view in [avatar, name, detail, toggle] as [UIView] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        NSLayoutConstraint.activate([
            avatar.widthAnchor.constraint(equalToConstant: 48),
            avatar.heightAnchor.constraint(equalToConstant: 48),
            avatar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            avatar.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12),
            name.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 14),
            detail.leadingAnchor.constraint(equalTo: name.leadingAnchor),
            detail.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 2),
            contentView.trailingAnchor.constraint(equalTo: toggle.trailingAnchor, constant: 16),
            toggle.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            toggle.leadingAnchor.constraint(greaterThanOrEqualTo: name.trailingAnchor, constant: 8),
            toggle.leadingAnchor.constraint(greaterThanOrEqualTo: detail.trailingAnchor, constant: 8),
        ])
    }

    /// From the nib: the document's views and constraints, the outlets connected after.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [
            .outlet("avatar", \ContactCell.avatar), .outlet("name", \ContactCell.name),
            .outlet("detail", \ContactCell.detail), .outlet("toggle", \ContactCell.toggle),
        ]
    }

    /// ContactCell.xib, as Xcode 15 writes it: the cell of the code path, made in Interface Builder.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22131"/>
                <capability name="System colors in document resources" minToolsVersion="11.0"/>
                <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" reuseIdentifier="Contact" rowHeight="72" id="KGk-i7-Jjw" customClass="ContactCell" customModule="Scenes">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="72"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="KGk-i7-Jjw" id="H2p-sc-9uM">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="72"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                            <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFill" horizontalHuggingPriority="251" verticalHuggingPriority="251" translatesAutoresizingMaskIntoConstraints="NO" id="av1-Im-0aa">
                                <rect key="frame" x="16" y="12" width="48" height="48"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="48" id="aw1-Cn-001"/>
                                    <constraint firstAttribute="height" constant="48" id="ah1-Cn-002"/>
                                </constraints>
                                <userDefinedRuntimeAttributes>
                                    <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">
                                        <integer key="value" value="24"/>
                                    </userDefinedRuntimeAttribute>
                                </userDefinedRuntimeAttributes>
                            </imageView>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Name" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="nm1-Lb-0ab">
                                <rect key="frame" x="76" y="14" width="46" height="20.333333333333332"/>
                                <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Detail" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="dt1-Lb-0ac">
                                <rect key="frame" x="76" y="36.333333333333336" width="42" height="18"/>
                                <fontDescription key="fontDescription" type="system" pointSize="15"/>
                                <color key="textColor" systemColor="systemGrayColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="sw1-Sw-0ad">
                                <rect key="frame" x="328" y="20.666666666666668" width="51" height="31"/>
                            </switch>
                        </subviews>
                        <constraints>
                            <constraint firstItem="av1-Im-0aa" firstAttribute="leading" secondItem="H2p-sc-9uM" secondAttribute="leading" constant="16" id="c01-Cn-0b1"/>
                            <constraint firstItem="av1-Im-0aa" firstAttribute="centerY" secondItem="H2p-sc-9uM" secondAttribute="centerY" id="c02-Cn-0b2"/>
                            <constraint firstItem="nm1-Lb-0ab" firstAttribute="leading" secondItem="av1-Im-0aa" secondAttribute="trailing" constant="12" id="c03-Cn-0b3"/>
                            <constraint firstItem="nm1-Lb-0ab" firstAttribute="top" secondItem="H2p-sc-9uM" secondAttribute="top" constant="14" id="c04-Cn-0b4"/>
                            <constraint firstItem="dt1-Lb-0ac" firstAttribute="leading" secondItem="nm1-Lb-0ab" secondAttribute="leading" id="c05-Cn-0b5"/>
                            <constraint firstItem="dt1-Lb-0ac" firstAttribute="top" secondItem="nm1-Lb-0ab" secondAttribute="bottom" constant="2" id="c06-Cn-0b6"/>
                            <constraint firstItem="H2p-sc-9uM" firstAttribute="trailing" secondItem="sw1-Sw-0ad" secondAttribute="trailing" constant="16" id="c07-Cn-0b7"/>
                            <constraint firstItem="sw1-Sw-0ad" firstAttribute="centerY" secondItem="H2p-sc-9uM" secondAttribute="centerY" id="c08-Cn-0b8"/>
                            <constraint firstItem="sw1-Sw-0ad" firstAttribute="leading" relation="greaterThanOrEqual" secondItem="nm1-Lb-0ab" secondAttribute="trailing" constant="8" id="c09-Cn-0b9"/>
                            <constraint firstItem="sw1-Sw-0ad" firstAttribute="leading" relation="greaterThanOrEqual" secondItem="dt1-Lb-0ac" secondAttribute="trailing" constant="8" id="c10-Cn-0c0"/>
                        </constraints>
                    </tableViewCellContentView>
                    <connections>
                        <outlet property="avatar" destination="av1-Im-0aa" id="o01-Ot-0d1"/>
                        <outlet property="detail" destination="dt1-Lb-0ac" id="o02-Ot-0d2"/>
                        <outlet property="name" destination="nm1-Lb-0ab" id="o03-Ot-0d3"/>
                        <outlet property="toggle" destination="sw1-Sw-0ad" id="o04-Ot-0d4"/>
                    </connections>
                    <point key="canvasLocation" x="139" y="20"/>
                </tableViewCell>
            </objects>
            <resources>
                <systemColor name="systemGrayColor">
                    <color red="0.55686274509803924" green="0.55686274509803924" blue="0.57647058823529407" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </systemColor>
            </resources>
        </document>
        """
}
