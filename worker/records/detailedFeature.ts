import type { ResponseBody } from '../../domain/shapes/index.ts';

/**
 * A feature with its attachments, creator e-mail (creator only) and timestamps: the /detailed
 * answer, or the data core's own copy of one.
 */
export type DetailedFeature = Omit<ResponseBody<'DetailedFeature'>, 'version'> & {
  /** The server's version (its ETag); absent on a find the server has not answered for yet. */
  version?: number;
  /**
   * Set only by the data core, offline, for a find that only the device's copy of the layer holds
   * (no downloaded area, no own change): the copy's columns alone, no photos, no other fields.
   */
  basicOnly?: true;
};
