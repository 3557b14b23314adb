#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int quakesd_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], int stdin_fd,
                  int stderr_fd) {
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_t actions;
  int error = posix_spawnattr_init(&attributes);
  if (error != 0) return error;
  error = posix_spawn_file_actions_init(&actions);
  if (error != 0) {
    posix_spawnattr_destroy(&attributes);
    return error;
  }
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  // A session of its own, so that a timeout ends the program and whatever it
  // started; the signal mask and dispositions of a fresh process, whatever
  // quakesd's threads block or ignore (SIGPIPE, SIGHUP under nohup).
  error = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  if (error == 0) error = posix_spawnattr_setsigmask(&attributes, &none);
  if (error == 0) error = posix_spawnattr_setsigdefault(&attributes, &all);
  if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, stdin_fd, STDIN_FILENO);
  if (error == 0) error = posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, stderr_fd, STDERR_FILENO);
  // The database, the sockets, libcurl's connections: none is the program's.
  if (error == 0) error = posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
  if (error == 0) error = posix_spawn(pid, path, &actions, &attributes, argv, envp);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  return error;
}

int quakesd_has_exited(pid_t pid) {
  siginfo_t info;
  info.si_pid = 0;
  for (;;) {
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0) return info.si_pid == pid ? 1 : 0;
    if (errno != EINTR) return -1;
  }
}

int quakesd_pidfd_open(pid_t pid) {
  return (int)syscall(SYS_pidfd_open, pid, 0);
}

int quakesd_memfd_create(const char *name) {
  return memfd_create(name, MFD_CLOEXEC);
}

int quakesd_pipe_cloexec(int descriptors[2]) {
  return pipe2(descriptors, O_CLOEXEC);
}
