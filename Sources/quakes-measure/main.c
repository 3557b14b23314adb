// quakes-measure: runs one command and reports its wall time and peak
// resident memory, for quakes-bench's whole-process comparisons.
//
//   quakes-measure RESULT-FILE COMMAND [ARGUMENT...]
//
// It writes "WALL-NANOSECONDS MAX-RSS-KIB EXIT-STATUS\n" to RESULT-FILE and
// exits 0 (1 when it cannot run the command). The command's standard streams
// are this process's.
//
// Why a small C program: Linux carries the peak RSS of the memory a process
// had before execve into its ru_maxrss. A command spawned straight from
// quakes-bench (posix_spawn shares the parent's memory until exec) would
// report at least quakes-bench's own RSS; forked from this program, which
// holds about a megabyte, it reports its own peak.
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: quakes-measure RESULT-FILE COMMAND [ARGUMENT...]\n");
    return 2;
  }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t child = fork();
  if (child < 0) {
    perror("quakes-measure: fork");
    return 1;
  }
  if (child == 0) {
    execvp(argv[2], argv + 2);
    fprintf(stderr, "quakes-measure: cannot run %s: %s\n", argv[2], strerror(errno));
    _exit(127);
  }
  int status = 0;
  struct rusage usage;
  while (wait4(child, &status, 0, &usage) < 0) {
    if (errno != EINTR) {
      perror("quakes-measure: wait4");
      return 1;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  long long nanoseconds = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
  int exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  FILE *result = fopen(argv[1], "w");
  if (result == NULL) {
    perror("quakes-measure: result file");
    return 1;
  }
  fprintf(result, "%lld %ld %d\n", nanoseconds, usage.ru_maxrss, exitStatus);
  return fclose(result) == 0 ? 0 : 1;
}
