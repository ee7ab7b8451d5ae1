/*
 * procfs.d - illumos' name for the process model's library: scripts that
 * say `#pragma D depends_on library procfs.d` get psinfo.d (psinfo_t,
 * lwpsinfo_t, curpsinfo, curlwpsinfo), where this port keeps them.
 */
#pragma D depends_on library psinfo.d
