"""Reads a Trove store with another git implementation, as a person's own tools would.

    python3 git_tools_read.py pygit2|dulwich STORE

Prints JSON: HEAD's commit, the git index (path -> blob), what the tool's status
reports as not clean, and every file of HEAD's tree parsed as JSON where it is
a record (path -> the record's "id"; other files -> null).
"""
import json
import sys


def pygit2_read(path):
    import pygit2
    repo = pygit2.Repository(path)
    head = repo.head.target
    index = {entry.path: str(entry.id) for entry in repo.index}
    dirty = sorted(p for p, flags in repo.status().items()
                   if flags not in (pygit2.GIT_STATUS_CURRENT, pygit2.GIT_STATUS_IGNORED))
    files = {}

    def walk(tree, prefix):
        for entry in tree:
            name = prefix + entry.name
            if entry.type_str == "tree":
                walk(repo[entry.id], name + "/")
            else:
                files[name] = repo[entry.id].data
    walk(repo[head].tree, "")
    return str(head), index, dirty, files


def dulwich_read(path):
    from dulwich import porcelain
    from dulwich.object_store import iter_tree_contents
    from dulwich.repo import Repo
    repo = Repo(path)
    head = repo.head()
    index = {}
    for name, entry in repo.open_index().items():
        index[name.decode()] = entry.sha.decode()
    status = porcelain.status(repo, untracked_files="all")
    dirty = sorted(
        (p.decode() if isinstance(p, bytes) else p)
        for p in status.staged["add"] + status.staged["delete"] + status.staged["modify"] + status.unstaged + status.untracked)
    files = {}
    for entry in iter_tree_contents(repo.object_store, repo[head].tree):
        files[entry.path.decode()] = repo.object_store[entry.sha].data
    return head.decode(), index, dirty, files


def main():
    tool, path = sys.argv[1], sys.argv[2]
    head, index, dirty, files = (pygit2_read if tool == "pygit2" else dulwich_read)(path)
    records = {}
    for name, data in files.items():
        if name.endswith(".json") and "/" in name:
            records[name] = json.loads(data.decode("utf-8")).get("id")
        else:
            records[name] = None
    json.dump({"head": head, "index": index, "dirty": dirty, "records": records}, sys.stdout)


main()
