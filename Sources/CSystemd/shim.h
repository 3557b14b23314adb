// The parts of libsystemd's sd-daemon API that quakesd uses
// (libsystemd-dev): readiness and status notification, the watchdog, and
// socket activation. sd_notify and sd_listen_fds_with_names are plain C
// functions Swift calls directly; sd_notifyf is variadic and not used.
#ifndef QUAKESD_CSYSTEMD_SHIM_H
#define QUAKESD_CSYSTEMD_SHIM_H

#include <systemd/sd-daemon.h>

#endif
