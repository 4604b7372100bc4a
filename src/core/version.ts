/** Understudy's version, written into signatures so that every number can be traced to the code that made it. */
export const UNDERSTUDY_VERSION = '0.1.0';
