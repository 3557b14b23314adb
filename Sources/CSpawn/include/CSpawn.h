// What quakesd's alert programs need from Linux that Swift's Glibc module
// does not show or cannot call: posix_spawn(3) with a new session, default
// signals and no inherited descriptor; pidfd_open(2) (a system call without
// a glibc wrapper before 2.36, and variadic syscall(2) is not callable from
// Swift); memfd_create(2). See ProgramRun.swift for why quakesd spawns its
// programs itself.
#ifndef QUAKESD_CSPAWN_H
#define QUAKESD_CSPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` (NULL-terminated) in a new session
/// (its process group id is its pid), with every signal at its default
/// action and none blocked, standard input from `stdin_fd`, standard output
/// to /dev/null, standard error to `stderr_fd`, and no other descriptor.
/// Returns 0 and sets `*pid`, or an errno value (ENOENT, EACCES, ENOEXEC
/// when the program cannot be run; EAGAIN, ENOMEM, EMFILE when the system
/// is short of something).
int quakesd_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], int stdin_fd,
                  int stderr_fd);

/// pidfd_open(pid, 0): a descriptor that polls readable when `pid` exits;
/// -1 with errno set when the kernel has none (before Linux 5.3).
int quakesd_pidfd_open(pid_t pid);

/// Whether `pid`, a child, has ended, without reaping it (waitid with
/// WNOWAIT): 1 if it has, 0 if it runs, -1 with errno set (ECHILD: reaped
/// by someone else).
int quakesd_has_exited(pid_t pid);

/// pipe2(descriptors, O_CLOEXEC): a pipe no program inherits; -1 with errno set.
int quakesd_pipe_cloexec(int descriptors[2]);

/// memfd_create(name, MFD_CLOEXEC): an anonymous file in memory; -1 with errno set.
int quakesd_memfd_create(const char *name);

#endif
