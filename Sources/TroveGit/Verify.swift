import CGit2
import Foundation

extension Repository {
    /// The ids of objects that cannot be read back intact: each is read and hashed again.
    public func corruptObjects() -> [String] {
        var odb: OpaquePointer?
        guard git_repository_odb(&odb, pointer) == 0 else { return ["object database"] }
        defer { git_odb_free(odb) }
        final class Collector { var ids: [git_oid] = [] }
        let collector = Collector()
        let listed = git_odb_foreach(odb, { oid, payload in
            Unmanaged<Collector>.fromOpaque(payload!).takeUnretainedValue().ids.append(oid!.pointee)
            return 0
        }, Unmanaged.passUnretained(collector).toOpaque())
        var corrupt: [String] = listed < 0 ? ["object database listing"] : []
        let objects = gitDirectory + "objects/"
        for var oid in collector.ids {
            let hex = ObjectID(oid).hex
            let loose = objects + hex.prefix(2) + "/" + hex.dropFirst(2)
            if FileManager.default.fileExists(atPath: loose) {
                if !LooseObject.isIntact(path: loose, id: ObjectID(oid)) { corrupt.append(hex) }
                continue
            }
            var object: OpaquePointer?
            guard git_odb_read(&object, odb, &oid) == 0 else {
                corrupt.append(hex)
                continue
            }
            defer { git_odb_object_free(object) }
            var hashed = git_oid()
            if git_odb_hash(&hashed, git_odb_object_data(object), git_odb_object_size(object), git_odb_object_type(object)) != 0
                || ObjectID(hashed) != ObjectID(oid) {
                corrupt.append(hex)
            }
        }
        return corrupt
    }
}
