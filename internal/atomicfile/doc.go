// Package atomicfile gives a file a new content in place, so that every
// reader sees the old file or the new one, whole, and nobody loses an
// edit or gains a right on the way.
//
// The new content is written to a temporary file beside the target
// (".NAME.iriscan-XXXX"), which gets the target's owner, group, mode and
// extended attributes, is synced, and is renamed over the target; the
// directory is synced after the rename. Before the rename the target
// must still be the file that was read (device, inode, size, modification
// and change times): if someone changed it meanwhile, both are left as
// they are and Commit reports ErrChanged.
//
// Some targets are refused unless Options say what to do with them:
// a symbolic link (FollowSymlinks writes the file it points to), a file
// with other hard links (BreakHardLinks gives this name the new content
// and leaves the old one to the other names), a read-only file and a
// file whose owner or group cannot be kept (Force; the new file then
// belongs to the process and loses its setuid and setgid bits). A FIFO,
// a device, a socket or a directory is always refused, and never opened:
// nothing here blocks on a FIFO.
//
// Cleanup, called from a signal handler, removes the temporary files of
// every write still under way and stops new ones, so that an interrupted
// program leaves nothing behind.
package atomicfile
