// quakesd's stop signals (SIGTERM, SIGINT, SIGHUP) from the first moment
// of the process: see CStopSignals.c.
#ifndef QUAKESD_CSTOPSIGNALS_H
#define QUAKESD_CSTOPSIGNALS_H

/// The stop signals that arrived before the service group listened for
/// them, as a mask of (1 << signal number); quakesd sends them again once
/// it listens, so that each one stops it gracefully.
unsigned quakesd_early_stop_signals(void);

/// The stop signals that stay ignored because they were when quakesd
/// started, as a mask of (1 << signal number): SIGHUP under `nohup`.
unsigned quakesd_ignored_stop_signals(void);

#endif
