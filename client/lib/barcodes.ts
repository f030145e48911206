// The library's barcode rules, for the desk's scan box: the same module the stores use to hand barcodes out and
// to read scans (pure, no Node), so the SPA and the gateway can never disagree on what a scan names.
export { isItemBarcode, normalScan, scanKind, scannedItem, type ScanKind } from '../../server/store/barcodes.ts';
