import Foundation
import Geometry
import Testing
@testable import UIKit

/// A cell of the app's own, laid out in its nib (as `uisim port` lists its outlet).
final class NibNoteCell: UITableViewCell {
    weak var titleLabel: UILabel!
    var awoke = false
    override func awakeFromNib() {
        super.awakeFromNib()
        awoke = titleLabel != nil
    }
    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [.outlet("titleLabel", \NibNoteCell.titleLabel)]
    }
}

final class NibPhotoCell: UICollectionViewCell {
    weak var photo: UIImageView!
    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [.outlet("photo", \NibPhotoCell.photo)]
    }
}

/// Cells registered by nib (`register(_: UINib?, forCellReuseIdentifier:)` and the collection
/// view's), as UIKit makes them: each new cell instantiates the nib, whose one top-level object is
/// the cell, its subviews in the cell's own content view, its outlets connected, `awakeFromNib()` sent.
@MainActor
@Suite(.serialized) struct NibCellRegistrationTests {
    static let noteCell = UINibTests.document("""
        <tableViewCell contentMode="scaleToFill" selectionStyle="none" accessoryType="disclosureIndicator" indentationWidth="10" reuseIdentifier="Note" rowHeight="64" id="c1" customClass="NibNoteCell" customModule="UIKitTests">
            <rect key="frame" x="0.0" y="0.0" width="390" height="64"/>
            <autoresizingMask key="autoresizingMask"/>
            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="c1" id="cv1">
                <rect key="frame" x="0.0" y="0.0" width="390" height="64"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" id="l1">
                        <rect key="frame" x="16" y="12" width="200" height="21"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                </subviews>
            </tableViewCellContentView>
            <connections>
                <outlet property="titleLabel" destination="l1" id="o1"/>
            </connections>
        </tableViewCell>
        """)

    final class Notes: NSObject, UITableViewDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "Note", for: indexPath)
            (cell as? NibNoteCell)?.titleLabel.text = "Note \(indexPath.row)"
            return cell
        }
    }

    /// Three rows of 64 pt: three cells of the nib's class, each its own instance, the label 16 pt in
    /// and 12 down in the content view, the nib's selection style and accessory.
    @Test func aTableMakesItsCellsFromTheRegisteredNib() throws {
        UINib.register(NibNoteCell.self)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let table = UITableView(frame: window.bounds, style: .plain)
        table.rowHeight = 64
        let notes = Notes()
        table.dataSource = notes
        table.register(UINib(data: Self.noteCell, bundle: nil), forCellReuseIdentifier: "Note")
        window.addSubview(table)
        window.isHidden = false
        table.layoutIfNeeded()
        let cells = table.visibleCells.compactMap { $0 as? NibNoteCell }
        #expect(cells.count == 3 && Set(cells.map(ObjectIdentifier.init)).count == 3)
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? NibNoteCell)
        #expect(first.awoke && first.titleLabel.text == "Note 0" && first.titleLabel.superview === first.contentView)
        #expect(first.titleLabel.frame == CGRect(x: 16, y: 12, width: 200, height: 21))
        #expect(first.reuseIdentifier == "Note" && first.selectionStyle == .none && first.accessoryType == .disclosureIndicator)
        #expect(table.cellStatistics.created == 3)
        withExtendedLifetime((window, notes)) {}
    }

    static let photoCell = UINibTests.document("""
        <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" reuseIdentifier="Photo" id="p1" customClass="NibPhotoCell" customModule="UIKitTests">
            <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
            <autoresizingMask key="autoresizingMask"/>
            <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" insetsLayoutMarginsFromSafeArea="NO" id="pv1">
                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFill" id="i1">
                        <rect key="frame" x="5" y="5" width="90" height="90"/>
                        <autoresizingMask key="autoresizingMask"/>
                    </imageView>
                </subviews>
            </view>
            <connections>
                <outlet property="photo" destination="i1" id="o2"/>
            </connections>
        </collectionViewCell>
        """)

    final class Photos: NSObject, UICollectionViewDataSource {
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
        }
    }

    /// A flow layout of 100 × 100 items: four cells of the nib's class, the image view 5 pt in.
    @Test func aCollectionViewMakesItsCellsFromTheRegisteredNib() throws {
        UINib.register(NibPhotoCell.self)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let collection = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        let photos = Photos()
        collection.dataSource = photos
        collection.register(UINib(data: Self.photoCell, bundle: nil), forCellWithReuseIdentifier: "Photo")
        window.addSubview(collection)
        window.isHidden = false
        collection.layoutIfNeeded()
        let cells = collection.visibleCells.compactMap { $0 as? NibPhotoCell }
        #expect(cells.count == 4)
        let first = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)) as? NibPhotoCell)
        #expect(first.photo.superview === first.contentView && first.photo.frame == CGRect(x: 5, y: 5, width: 90, height: 90))
        #expect(first.reuseIdentifier == "Photo" && first.frame.size == CGSize(width: 100, height: 100))
        withExtendedLifetime((window, photos)) {}
    }
}
