import ArgumentParser
import Foundation
import TroveIndex
import TroveInterchange
import TroveKit
import TroveStore

/// `trove map`: the dog's business records around the current location, drawn in the terminal.
struct MapCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "map", abstract: "Draw the business records around you, clustered, with a scale and north.",
        discussion: """
            Each dot is a record; a symbol marks records whose markers would overlap on the map drawn,
            shown as their latest record (○ pee, ● poo) with how many it holds. ◉ is you; records where
            you stand are the marker just right of ◉ (in the SVG, the one beside the blue dot). The map
            remembers where you moved it (--around, 'business show'); --center brings it back to the
            current location.
            Examples:
              trove map
              trove map --zoom 18 --all-dogs
              trove map --around 48.8725,2.3651 --radius 300
              trove map --svg walk.svg --geojson walk.geojson
            """)
    @Option(help: ArgumentHelp("Centre the map here instead.", valueName: "lat,lon")) var around: String?
    @Flag(help: "Centre the map on the current location.") var center = false
    @Option(help: ArgumentHelp("The zoom, 0 (the world) to 22; 16 shows a few streets.", valueName: "z")) var zoom: Int?
    @Option(help: ArgumentHelp("Show this many metres around the centre (chooses the zoom).", valueName: "m")) var radius: Double?
    @OptionGroup var dogs: DogChoice
    @Option(help: ArgumentHelp("The map's size in terminal cells (default: the window's).", valueName: "columns x rows")) var size: String?
    @Option(help: ArgumentHelp("Write the map as an SVG picture.", valueName: "file"), completion: .file()) var svg: String?
    @Option(help: ArgumentHelp("Write the map's records as GeoJSON.", valueName: "file"), completion: .file()) var geojson: String?
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if zoom != nil && radius != nil { throw ValidationError("give --zoom or --radius, not both") }
        if around != nil && center { throw ValidationError("give --around or --center, not both") }
        if let zoom, !WebMercator.zooms.contains(zoom) { throw ValidationError("--zoom must be from 0 to 22") }
        if let radius, !(radius > 0 && radius.isFinite) { throw ValidationError("--radius must be a positive number of metres") }
    }

    func run(_ env: CommandEnvironment) throws {
        let index = try storeOptions.openIndex(env)
        let store = index.store
        let dog = try dogs.dogID(in: store, env)
        let here = CurrentLocation.read(storePath: store.path)
        var saved = SavedMapView.read(storePath: store.path)
        let chosen = try around.map { try Coordinates(parsing: $0) }
        guard let middle = chosen ?? (center ? here?.coordinates : saved.centre(following: here)) else { throw DogError.noLocation }
        let (columns, rows) = try MapLayout.size(size, env)
        let zoom = self.zoom ?? radius.map { WebMercator.zoom(fitting: $0, pixels: min(columns * 2, rows * 4) / 2, atLatitude: middle.latitude) }
            ?? saved.zoom
        // The markers cluster for the picture drawn: the SVG's circles, else the terminal's cells.
        let footprint = svg != nil ? BusinessMapSVG.footprint : BusinessMapCanvas.footprint
        let view = try BusinessMap(index: index).view(center: middle, zoom: zoom, width: columns * 2, height: rows * 4, dog: dog,
                                                      footprint: footprint, here: here?.coordinates)
        // A chosen centre sticks until the location changes; re-centring follows the location again.
        if let chosen { saved = SavedMapView(center: chosen, zoom: zoom) } else if center { saved.center = nil }
        saved.zoom = zoom
        try saved.save(storePath: store.path)
        let title = try MapLayout.title(view: view, dog: dog.map { try DogBook(store: store).dog(named: $0) })
        if svg != nil || geojson != nil {
            if let svg { try MapLayout.write(BusinessMapSVG.render(view, here: here?.coordinates, title: title), to: svg) }
            if let geojson {
                let records = try BusinessMap(index: index).records(in: view.box, dog: dog)
                try MapLayout.write(GeoJSONWriter.write(try MapLayout.exported(records, store: store)), to: geojson)
            }
            let count = view.recordCount
            return env.out.line("Wrote \([svg, geojson].compactMap { $0 }.joined(separator: " and ")): \(count) record\(count == 1 ? "" : "s").")
        }
        if output.json { return env.out.json(MapLayout.json(view)) }
        guard env.terminal.canRunLiveView, size == nil else {
            return MapLayout.print(view, here: here?.coordinates, highlighted: nil, title: title, env)
        }
        try live(index: index, center: middle, zoom: zoom, dog: dog, here: here?.coordinates, saved: saved, env)
    }

    /// The keys a live map takes, shown under it.
    static let keysHelp = "←↑↓→/hjkl move · +/- zoom · c centre on you · q quit"

    /// On a terminal the map stays: arrows move it by a quarter of the window, + and - zoom, c comes back to the
    /// current location, a resize redraws it, q leaves; where it was left is remembered as `--around` would.
    private func live(index: RecordIndex, center: Coordinates, zoom: Int, dog: String?, here: Coordinates?, saved: SavedMapView, _ env: CommandEnvironment) throws {
        let store = index.store
        let map = BusinessMap(index: index)
        let dogRecord = try dog.map { try DogBook(store: store).dog(named: $0) }
        var (shownCenter, shownZoom, remembered) = (center, zoom, saved)
        var failure: Error?
        LiveView.run(render: { width, height in
            let rows = max(3, height - MapLayout.reservedRows - 2)
            do {
                let view = try map.view(center: shownCenter, zoom: shownZoom, width: max(10, width) * 2, height: rows * 4, dog: dog,
                                        footprint: BusinessMapCanvas.footprint, here: here)
                let color = env.terminal.color
                return MapLayout.lines(view, here: here, highlighted: nil, title: try MapLayout.title(view: view, dog: dogRecord), color: color)
                    + [SGR.apply([.dim], to: Self.keysHelp, color: color)]
            } catch {
                failure = error
                return ["\(error)"]
            }
        }, handle: { key in
            let projection = WebMercator(zoom: shownZoom)
            let pixel = projection.pixel(latitude: shownCenter.latitude, longitude: shownCenter.longitude)
            // A quarter of the window, in the projection's pixels (a braille cell is 2 x 4 dots).
            let (stepX, stepY) = (Double(env.terminal.width * 2) / 4, Double(max(3, env.terminal.height - MapLayout.reservedRows) * 4) / 4)
            var target = pixel
            switch key {
            case .left, .character("h"): target.x -= stepX
            case .right, .character("l"): target.x += stepX
            case .up, .character("k"): target.y -= stepY
            case .down, .character("j"): target.y += stepY
            case .character("+"), .character("="): shownZoom = min(WebMercator.zooms.upperBound, shownZoom + 1)
            case .character("-"), .character("_"): shownZoom = max(WebMercator.zooms.lowerBound, shownZoom - 1)
            case .character("c"):
                if let here { shownCenter = here }
                remembered.center = nil  // follow the location again, as --center does
                return true
            default: return true
            }
            remembered.zoom = shownZoom
            if target.x != pixel.x || target.y != pixel.y {
                let point = projection.coordinates(x: target.x, y: min(max(0, target.y), projection.worldSize))
                if let moved = try? Coordinates(latitude: point.latitude, longitude: point.longitude) {
                    shownCenter = moved
                    remembered = SavedMapView(center: moved, zoom: shownZoom)
                }
            }
            return true
        })
        try remembered.save(storePath: store.path)
        if let failure { throw failure }
    }
}
