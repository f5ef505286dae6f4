/** The filter language's types live in domain/filters.ts (shared with the server's SQL compiler). */
export * from '../../domain/filters.ts';
