// What the tests' child processes need from posix_spawn(3) that Swift's
// Glibc module does not show: closing every inherited descriptor from a
// number on (glibc 2.34+, a GNU extension).
#ifndef QUAKESD_CSPAWN_H
#define QUAKESD_CSPAWN_H

#include <spawn.h>

/// posix_spawn_file_actions_addclosefrom_np: the child closes every
/// descriptor >= lowest, so it inherits none of the test run's sockets and
/// pipes (another test's pipe held open would hide that test's end of file).
int quakes_spawn_file_actions_add_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
