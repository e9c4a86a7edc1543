"""A case-insensitive, case-preserving view of a folder (as macOS and Windows file systems are by
default), mounted with FUSE for the --out-dir tests: `python3 case-folding-fs.py BACKING MOUNTPOINT`.
A name is looked up as given, then among its folder's entries ignoring case."""
import errno
import os
import sys

from fusepy import FUSE, FuseOSError, Operations


class CaseFolding(Operations):
    def __init__(self, root):
        self.root = root

    def _real(self, path):
        current = self.root
        for part in [p for p in path.split('/') if p]:
            candidate = os.path.join(current, part)
            if not os.path.lexists(candidate):
                try:
                    match = next((n for n in os.listdir(current) if n.lower() == part.lower()), None)
                except OSError:
                    match = None
                if match is not None:
                    candidate = os.path.join(current, match)
            current = candidate
        return current

    def getattr(self, path, fh=None):
        st = os.lstat(self._real(path))
        keys = ('st_atime', 'st_ctime', 'st_gid', 'st_mode', 'st_mtime', 'st_nlink', 'st_size', 'st_uid')
        return {k: getattr(st, k) for k in keys}

    def readdir(self, path, fh):
        return ['.', '..'] + os.listdir(self._real(path))

    def access(self, path, mode):
        if not os.access(self._real(path), mode):
            raise FuseOSError(errno.EACCES)

    def mkdir(self, path, mode):
        os.mkdir(self._real(path), mode)

    def rmdir(self, path):
        os.rmdir(self._real(path))

    def unlink(self, path):
        os.unlink(self._real(path))

    def rename(self, old, new):
        os.rename(self._real(old), self._real(new))

    def chmod(self, path, mode):
        os.chmod(self._real(path), mode)

    def chown(self, path, uid, gid):
        os.chown(self._real(path), uid, gid)

    def utimens(self, path, times=None):
        os.utime(self._real(path), times)

    def truncate(self, path, length, fh=None):
        os.truncate(self._real(path), length)

    def open(self, path, flags):
        return os.open(self._real(path), flags)

    def create(self, path, mode, fi=None):
        return os.open(self._real(path), os.O_WRONLY | os.O_CREAT, mode)

    def read(self, path, size, offset, fh):
        return os.pread(fh, size, offset)

    def write(self, path, data, offset, fh):
        return os.pwrite(fh, data, offset)

    def flush(self, path, fh):
        return None

    def fsync(self, path, datasync, fh):
        os.fsync(fh)

    def release(self, path, fh):
        os.close(fh)

    def statfs(self, path):
        st = os.statvfs(self._real(path))
        keys = ('f_bavail', 'f_bfree', 'f_blocks', 'f_bsize', 'f_favail', 'f_ffree', 'f_files', 'f_flag', 'f_frsize', 'f_namemax')
        return {k: getattr(st, k) for k in keys}


if __name__ == '__main__':
    FUSE(CaseFolding(sys.argv[1]), sys.argv[2], foreground=True, nothreads=True)
