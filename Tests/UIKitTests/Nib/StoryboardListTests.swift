import Foundation
import Geometry
import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit

/// A shelf of groceries, as an app's table view controller from a storyboard: rows of the "Item"
/// prototype (a Basic cell whose selection shows the item), then one of the "Total" prototype.
final class StoryShelfController: UITableViewController {
    let items = ["Milk", "Bread", "Eggs"]
    var log: [String] = []

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count + 1 }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if indexPath.row == items.count {
            let cell = tableView.dequeueReusableCell(withIdentifier: "Total", for: indexPath) as! StoryTotalCell
            cell.amountLabel.text = "3 items"
            return cell
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: "Item", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.row)")
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        guard let cell = sender as? UITableViewCell, let row = tableView.indexPath(for: cell)?.row else { return }
        log.append("prepare \(segue.identifier ?? "-") row \(row), selected \(tableView.indexPathForSelectedRow?.row ?? -1)")
        (segue.destination as? StoryItemController)?.item = items[row]
    }
}

final class StoryTotalCell: UITableViewCell {
    weak var amountLabel: UILabel!
    var awoken = false

    override func awakeFromNib() {
        super.awakeFromNib()
        awoken = amountLabel != nil
    }

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [.outlet("amountLabel", \StoryTotalCell.amountLabel)]
    }
}

final class StoryItemController: UIViewController {
    weak var nameLabel: UILabel!
    var item: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        nameLabel.text = item
    }

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [.outlet("nameLabel", \StoryItemController.nameLabel)]
    }
}

/// Settings as a static table: its sections and cells are the document's; the controller hides
/// the sync row by calling super, as apps do.
final class StorySettingsController: UITableViewController {
    weak var syncSwitch: UISwitch!
    var hidesSync = false

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        let rows = super.tableView(tableView, numberOfRowsInSection: section)
        return hidesSync && section == 0 ? rows - 1 : rows
    }

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [.outlet("syncSwitch", \StorySettingsController.syncSwitch)]
    }
}

final class StoryPhotoController: UICollectionViewController {
    var log: [String] = []

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        guard let cell = sender as? UICollectionViewCell else { return }
        log.append("prepare \(segue.identifier ?? "-") item \(collectionView.indexPath(for: cell)?.item ?? -1)")
    }
}

/// Table and collection views of storyboard scenes, as Xcode 15 writes them (our own documents):
/// prototype cells registered by reuse identifier, a selection segue from a cell, static sections,
/// a flow layout's attributes.
@MainActor
@Suite(.serialized) struct StoryboardListTests {
    static let storyboard = Data("""
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav">
        <device id="retina6_12" orientation="portrait" appearance="light"/>
        <dependencies>
            <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22131"/>
        </dependencies>
        <scenes>
            <!--Navigation Controller-->
            <scene sceneID="s-nav">
                <objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <connections>
                            <segue destination="shelf" kind="relationship" relationship="rootViewController" id="rel"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr-nav" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Shelf-->
            <scene sceneID="s-shelf">
                <objects>
                    <tableViewController title="Shelf" id="shelf" customClass="StoryShelfController" customModule="UIKitTests" customModuleProvider="target" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="60" estimatedRowHeight="-1" sectionHeaderHeight="28" estimatedSectionHeaderHeight="-1" sectionFooterHeight="28" estimatedSectionFooterHeight="-1" id="shelf-table">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                            <prototypes>
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="disclosureIndicator" indentationWidth="10" reuseIdentifier="Item" textLabel="item-title" style="IBUITableViewCellStyleDefault" id="item-cell">
                                    <rect key="frame" x="0.0" y="50" width="393" height="60"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="item-cell" id="item-content">
                                        <rect key="frame" x="0.0" y="0.0" width="362.66666666666669" height="60"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Title" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="item-title">
                                                <rect key="frame" x="20" y="0.0" width="334.66666666666669" height="60"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <fontDescription key="fontDescription" type="system" pointSize="0.0"/>
                                                <nil key="textColor"/>
                                                <nil key="highlightedColor"/>
                                            </label>
                                        </subviews>
                                    </tableViewCellContentView>
                                    <connections>
                                        <segue destination="item" kind="show" identifier="showItem" id="seg-item"/>
                                    </connections>
                                </tableViewCell>
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="none" indentationWidth="10" reuseIdentifier="Total" id="total-cell" customClass="StoryTotalCell" customModule="UIKitTests" customModuleProvider="target">
                                    <rect key="frame" x="0.0" y="110" width="393" height="60"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="total-cell" id="total-content">
                                        <rect key="frame" x="0.0" y="0.0" width="393" height="60"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Amount" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="total-amount">
                                                <rect key="frame" x="20" y="20" width="60" height="20"/>
                                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                <nil key="textColor"/>
                                                <nil key="highlightedColor"/>
                                            </label>
                                        </subviews>
                                        <constraints>
                                            <constraint firstItem="total-amount" firstAttribute="leading" secondItem="total-content" secondAttribute="leadingMargin" id="c-lead"/>
                                            <constraint firstItem="total-amount" firstAttribute="centerY" secondItem="total-content" secondAttribute="centerY" id="c-center"/>
                                            <constraint firstItem="total-amount" firstAttribute="height" constant="20" id="c-height"/>
                                        </constraints>
                                    </tableViewCellContentView>
                                    <connections>
                                        <outlet property="amountLabel" destination="total-amount" id="out-amount"/>
                                    </connections>
                                </tableViewCell>
                            </prototypes>
                            <connections>
                                <outlet property="dataSource" destination="shelf" id="out-ds"/>
                                <outlet property="delegate" destination="shelf" id="out-dl"/>
                            </connections>
                        </tableView>
                        <navigationItem key="navigationItem" title="Shelf" id="shelf-item"/>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr-shelf" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Item-->
            <scene sceneID="s-item">
                <objects>
                    <viewController id="item" customClass="StoryItemController" customModule="UIKitTests" customModuleProvider="target" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="item-view">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Name" id="item-name">
                                    <rect key="frame" x="20" y="120" width="200" height="21"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <nil key="textColor"/>
                                    <nil key="highlightedColor"/>
                                </label>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="item-safe"/>
                            <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                        </view>
                        <connections>
                            <outlet property="nameLabel" destination="item-name" id="out-name"/>
                        </connections>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr-item" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Settings-->
            <scene sceneID="s-settings">
                <objects>
                    <tableViewController storyboardIdentifier="Settings" id="settings" customClass="StorySettingsController" customModule="UIKitTests" customModuleProvider="target" clearsSelectionOnViewWillAppear="NO" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="insetGrouped" separatorStyle="default" rowHeight="44" estimatedRowHeight="-1" sectionHeaderHeight="18" estimatedSectionHeaderHeight="-1" sectionFooterHeight="18" estimatedSectionFooterHeight="-1" id="settings-table">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <color key="backgroundColor" systemColor="systemGroupedBackgroundColor"/>
                            <sections>
                                <tableViewSection headerTitle="Account" id="sec-account">
                                    <cells>
                                        <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" textLabel="name-title" style="IBUITableViewCellStyleDefault" id="name-cell">
                                            <rect key="frame" x="20" y="55.333333333333336" width="353" height="44"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="name-cell" id="name-content">
                                                <rect key="frame" x="0.0" y="0.0" width="353" height="44"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <subviews>
                                                    <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Name" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="name-title">
                                                        <rect key="frame" x="20" y="0.0" width="313" height="44"/>
                                                        <autoresizingMask key="autoresizingMask"/>
                                                        <fontDescription key="fontDescription" type="system" pointSize="0.0"/>
                                                        <nil key="textColor"/>
                                                        <nil key="highlightedColor"/>
                                                    </label>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                        <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="none" indentationWidth="10" rowHeight="64" id="sync-cell">
                                            <rect key="frame" x="20" y="99.333333333333343" width="353" height="64"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="sync-cell" id="sync-content">
                                                <rect key="frame" x="0.0" y="0.0" width="353" height="64"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <subviews>
                                                    <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" id="sync-switch">
                                                        <rect key="frame" x="284" y="16.666666666666671" width="51" height="31"/>
                                                        <autoresizingMask key="autoresizingMask"/>
                                                    </switch>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </cells>
                                </tableViewSection>
                                <tableViewSection footerTitle="Version 1.0" id="sec-about">
                                    <cells>
                                        <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="disclosureIndicator" indentationWidth="10" textLabel="about-title" style="IBUITableViewCellStyleDefault" id="about-cell">
                                            <rect key="frame" x="20" y="199.33333333333334" width="353" height="44"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="about-cell" id="about-content">
                                                <rect key="frame" x="0.0" y="0.0" width="322.66666666666669" height="44"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <subviews>
                                                    <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="About" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="about-title">
                                                        <rect key="frame" x="20" y="0.0" width="294.66666666666669" height="44"/>
                                                        <autoresizingMask key="autoresizingMask"/>
                                                        <fontDescription key="fontDescription" type="system" pointSize="0.0"/>
                                                        <nil key="textColor"/>
                                                        <nil key="highlightedColor"/>
                                                    </label>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </cells>
                                </tableViewSection>
                            </sections>
                            <connections>
                                <outlet property="dataSource" destination="settings" id="out-sds"/>
                                <outlet property="delegate" destination="settings" id="out-sdl"/>
                            </connections>
                        </tableView>
                        <connections>
                            <outlet property="syncSwitch" destination="sync-switch" id="out-sync"/>
                        </connections>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr-settings" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Photos-->
            <scene sceneID="s-photos">
                <objects>
                    <collectionViewController storyboardIdentifier="Photos" id="photos" customClass="StoryPhotoController" customModule="UIKitTests" customModuleProvider="target" sceneMemberID="viewController">
                        <collectionView key="view" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" dataMode="prototypes" id="photos-grid">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                            <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="12" minimumInteritemSpacing="10" id="photos-layout">
                                <size key="itemSize" width="100" height="100"/>
                                <size key="headerReferenceSize" width="0.0" height="0.0"/>
                                <size key="footerReferenceSize" width="0.0" height="0.0"/>
                                <size key="estimatedItemSize" width="0.0" height="0.0"/>
                                <inset key="sectionInset" minX="16" minY="8" maxX="16" maxY="8"/>
                            </collectionViewFlowLayout>
                            <cells>
                                <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" reuseIdentifier="Photo" id="photo-cell">
                                    <rect key="frame" x="16" y="8" width="100" height="100"/>
                                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                    <collectionViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" insetsLayoutMarginsFromSafeArea="NO" id="photo-content">
                                        <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFill" id="photo-image">
                                                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                            </imageView>
                                        </subviews>
                                    </collectionViewCellContentView>
                                    <connections>
                                        <segue destination="item" kind="presentation" identifier="openPhoto" modalPresentationStyle="fullScreen" id="seg-photo"/>
                                    </connections>
                                </collectionViewCell>
                            </cells>
                            <connections>
                                <outlet property="dataSource" destination="photos" id="out-pds"/>
                                <outlet property="delegate" destination="photos" id="out-pdl"/>
                            </connections>
                        </collectionView>
                    </collectionViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr-photos" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        </scenes>
        <resources>
            <systemColor name="systemBackgroundColor">
                <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
            </systemColor>
        </resources>
    </document>
    """.utf8)

    func window(_ root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        window.endAppearances()
        return window
    }

    /// The shelf's table is the document's: its data source and delegate are the controller (the
    /// outlets), its rows 60 pt, and its two prototypes make the cells. Under the navigation bar
    /// (47 pt of status bar and 44 of bar on this 390 × 844 phone) the first row is at 91 in the
    /// window; the Basic cell's title is the cell's own label, given the row's text; the Total
    /// cell's label sits at the content view's leading margin (16 pt on a phone under 414 pt wide),
    /// centred: (60 − 20) / 2 = 20 from the top, 20 pt high.
    @Test func prototypeCellsMakeTheRows() throws {
        let storyboard = try UIStoryboard.load(data: Self.storyboard, file: "Shop.storyboard")
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let win = window(navigation)
        defer { withExtendedLifetime(win) {} }
        let shelf = try #require(navigation.topViewController as? StoryShelfController)
        let table = try #require(shelf.tableView)
        #expect(table.dataSource === shelf && table.delegate === shelf && table.rowHeight == 60 && table.style == .plain)
        #expect(table.numberOfRows(inSection: 0) == 4)
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(first.reuseIdentifier == "Item" && first.accessoryType == .disclosureIndicator)
        #expect(first.textLabel?.text == "Milk")
        #expect(first.contentView.subviews.filter { $0 is UILabel }.count == 1)   // the built-in label, not a second one
        #expect(first.convert(first.bounds, to: nil) == CGRect(x: 0, y: 91, width: 390, height: 60))
        let total = try #require(table.cellForRow(at: IndexPath(row: 3, section: 0)) as? StoryTotalCell)
        #expect(total.awoken && total.amountLabel.text == "3 items" && total.selectionStyle == .none)
        #expect(total.frame.minY == 180)
        #expect(total.amountLabel.frame.minX == 16 && total.amountLabel.frame.minY == 20 && total.amountLabel.frame.height == 20)
        #expect(table.cellStatistics.created == 4)
    }

    /// A tap on the second row (window y 151–211) selects it and runs the cell's show segue: the
    /// controller prepares the item's screen (the row already selected, before the delegate hears
    /// of the selection, as UIKit orders them), and it is pushed, showing "Bread".
    @Test func aTapOnAPrototypeRowRunsItsSegue() throws {
        let storyboard = try UIStoryboard.load(data: Self.storyboard, file: "Shop.storyboard")
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let win = window(navigation)
        let shelf = try #require(navigation.topViewController as? StoryShelfController)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 181), time: 0.1, duration: 0.05)
        let replay = Replay(window: win, clock: VirtualClock(measuresWork: false))
        _ = try replay.run(trace)
        #expect(shelf.log == ["prepare showItem row 1, selected 1", "didSelect 1"])
        let item = try #require(navigation.topViewController as? StoryItemController)
        #expect(item.nameLabel.text == "Bread" && item.storyboard === storyboard)
    }

    /// A static table answers from its document: two sections (the Account header, the Version
    /// footer), rows 44 pt but the sync row's own 64, the switch connected to the controller's
    /// outlet and on; a subclass hiding a row through super leaves one row in the first section.
    @Test func staticCellsAreTheTablesRows() throws {
        let storyboard = try UIStoryboard.load(data: Self.storyboard, file: "Shop.storyboard")
        let settings = try #require(storyboard.instantiateViewController(withIdentifier: "Settings") as? StorySettingsController)
        #expect(!settings.clearsSelectionOnViewWillAppear)
        let win = window(settings)
        defer { withExtendedLifetime(win) {} }
        let table = try #require(settings.tableView)
        #expect(table.style == .insetGrouped && table.numberOfSections == 2)
        #expect(table.numberOfRows(inSection: 0) == 2 && table.numberOfRows(inSection: 1) == 1)
        #expect(settings.tableView(table, titleForHeaderInSection: 0) == "Account")
        #expect(settings.tableView(table, titleForFooterInSection: 1) == "Version 1.0")
        let heights: [CGFloat] = [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 1)].map { table.rectForRow(at: $0).height }
        #expect(heights == [44, 64, 44])
        #expect(settings.syncSwitch.isOn)
        let sync = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(settings.syncSwitch.superview === sync.contentView && sync.reuseIdentifier == nil)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "Name")
        settings.hidesSync = true
        table.reloadData()
        #expect(table.numberOfRows(inSection: 0) == 1)
    }

    /// The collection view's flow layout is the document's: 100 × 100 items, 10 pt between them at
    /// least, 12 between lines, 16 pt side insets and 8 top. 390 − 32 = 358 pt wide: three items
    /// (300 pt and two gaps of at least 10) fit, four (430) do not, and the 58 pt left over is
    /// shared by the two gaps, 29 each: x = 16, 145, 274; the second line at 8 + 100 + 12 = 120.
    /// A tap on item 4 runs its cell's segue, presenting the item's screen full screen.
    @Test func aCollectionViewTakesItsFlowLayoutAndPrototype() throws {
        let storyboard = try UIStoryboard.load(data: Self.storyboard, file: "Shop.storyboard")
        let photos = try #require(storyboard.instantiateViewController(withIdentifier: "Photos") as? StoryPhotoController)
        let win = window(photos)
        let grid = try #require(photos.collectionView)
        grid.contentInsetAdjustmentBehavior = .never
        grid.layoutIfNeeded()
        let layout = try #require(grid.collectionViewLayout as? UICollectionViewFlowLayout)
        #expect(photos.collectionViewLayout === layout && layout.itemSize == CGSize(width: 100, height: 100))
        let frames = (0..<6).compactMap { grid.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames.map(\.minX) == [16, 145, 274, 16, 145, 274])
        #expect(frames.map(\.minY) == [8, 8, 8, 120, 120, 120])
        let cell = try #require(grid.cellForItem(at: IndexPath(item: 4, section: 0)))
        #expect(cell.reuseIdentifier == "Photo" && cell.contentView.subviews.first is UIImageView)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 170), time: 0.1, duration: 0.05)
        let replay = Replay(window: win, clock: VirtualClock(measuresWork: false))
        _ = try replay.run(trace)
        #expect(photos.log == ["prepare openPhoto item 4"])
        #expect(photos.presentedViewController is StoryItemController && photos.presentedViewController?.modalPresentationStyle == .fullScreen)
    }

    /// `checkScene(_:)` makes each scene and its view, throwing where UIKit would raise: every
    /// scene of the shop loads; an outlet the class lacks is named with its line.
    @Test func everySceneOfAStoryboardCanBeChecked() throws {
        let storyboard = try UIStoryboard.load(data: Self.storyboard, file: "Shop.storyboard")
        #expect(storyboard.sceneIDs == ["item", "nav", "photos", "settings", "shelf"])
        for id in storyboard.sceneIDs { try storyboard.checkScene(id) }
        let text = String(decoding: Self.storyboard, as: UTF8.self).replacingOccurrences(of: "property=\"syncSwitch\"", with: "property=\"cloudSwitch\"")
        let broken = try UIStoryboard.load(data: Data(text.utf8), file: "Shop.storyboard")
        #expect(throws: NibLoadingError.self) { try broken.checkScene("settings") }
        do {
            try broken.checkScene("settings")
        } catch {
            #expect(error.description.hasPrefix("Shop.storyboard:181: [<StorySettingsController"))
            #expect(error.description.hasSuffix("this class is not key value coding-compliant for the key cloudSwitch."))
        }
    }
}
