// Until swift-service-lifecycle registers its dispatch signal sources (tens
// of milliseconds into the run), SIGTERM, SIGINT and SIGHUP have their
// default action: a stop that came then killed quakesd on the spot. Blocking
// them in main is not enough: libdispatch parks the main thread in
// sigsuspend with an empty mask, where they would be delivered anyway.
//
// So a handler that only records them is installed from .preinit_array,
// which the dynamic loader runs before any library's initialiser, hence
// before Swift's runtime, Foundation and libdispatch start (only the loading
// itself, a millisecond or two, comes earlier). libdispatch replaces the
// handler with its own when the service group registers its sources;
// quakesd then sends the recorded signals again (EarlyStopSignals.swift).
#include "CStopSignals.h"

#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <unistd.h>

static atomic_uint caught;
static atomic_uint ignored;

static void quakesd_record_stop_signal(int signal_number) {
  atomic_fetch_or(&caught, 1u << signal_number);
}

// What quakesd's children need from the process they start in, set before
// anything opens a descriptor or starts one (ProgramRun.swift):
// - SIGCHLD at its default: inherited ignored (a parent's SIG_IGN survives
//   exec), the kernel would reap the alert programs itself, their exit
//   statuses lost and every delivery retried;
// - descriptors 0, 1 and 2 open: started with one closed, quakesd's first
//   file or pipe would take its number, and a program would get it as a
//   standard stream.
static void quakesd_settle_process(void) {
  signal(SIGCHLD, SIG_DFL);
  for (int descriptor = STDIN_FILENO; descriptor <= STDERR_FILENO; descriptor++) {
    if (fcntl(descriptor, F_GETFD) == -1) {
      int null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY);
      if (null >= 0 && null != descriptor) close(null);
    }
  }
}

static void quakesd_catch_stop_signals(int argc, char **argv, char **envp) {
  (void)argc;
  (void)argv;
  (void)envp;
  quakesd_settle_process();
  const int signals[] = {SIGTERM, SIGINT, SIGHUP};
  for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
    // SIGHUP ignored from the start means `nohup quakesd`: it stays ignored.
    // SIGTERM and SIGINT always stop quakesd, as the service group makes
    // them do whatever their disposition was.
    struct sigaction previous;
    if (signals[index] == SIGHUP && sigaction(SIGHUP, NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) {
      atomic_fetch_or(&ignored, 1u << SIGHUP);
      continue;
    }
    struct sigaction action = {0};
    action.sa_handler = quakesd_record_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(signals[index], &action, NULL);
  }
}

__attribute__((section(".preinit_array"), used))
static void (*const quakesd_preinit)(int, char **, char **) = quakesd_catch_stop_signals;

unsigned quakesd_early_stop_signals(void) {
  return atomic_load(&caught);
}

unsigned quakesd_ignored_stop_signals(void) {
  return atomic_load(&ignored);
}
