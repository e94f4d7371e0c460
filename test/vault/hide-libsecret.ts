/**
 * Preloaded with `--import` to make this process a machine without libsecret (Debian's libsecret-1-0):
 * loading keytar's native addon fails as the dynamic linker fails there. Everything else loads as usual.
 * Counts the attempts in globalThis.keytarAddonLoads, so a probe can tell whether keytar was loaded.
 */
const dlopen = process.dlopen.bind(process);
const counter = globalThis as { keytarAddonLoads?: number };
counter.keytarAddonLoads = 0;

process.dlopen = (module: { exports: unknown }, filename: string, flags?: number) => {
  if (/keytar\.node$/.test(filename)) {
    counter.keytarAddonLoads! += 1;
    throw Object.assign(new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory'), {
      code: 'ERR_DLOPEN_FAILED',
    });
  }
  return flags === undefined ? dlopen(module, filename) : dlopen(module, filename, flags);
};
