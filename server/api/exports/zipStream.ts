import { Zip } from 'fflate';

/** A ZIP written as it is read: add files to `zip`, then hand on what `drain` returns. */
export interface ZipStream {
  zip: Zip;
  /** The bytes the archive has produced since the last call (throws the archive's error, if any). */
  drain(): Uint8Array[];
}

/**
 * A streaming ZIP (fflate's Zip): its output is kept until drained, so that a generator yields it
 * piece by piece and reads the next rows only when the client has taken these (the exports'
 * Darwin Core Archive, a person's data archive).
 */
export function zipStream(): ZipStream {
  const out: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failed = err;
    else out.push(data);
  });
  return {
    zip,
    drain(): Uint8Array[] {
      if (failed) throw failed;
      return out.splice(0, out.length);
    },
  };
}
