@_exported import HID
