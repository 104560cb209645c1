int broken( { return 0; }  /* does not compile (used by c-path.test) */
