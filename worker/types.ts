/** The platform's data model lives in domain/model.ts (shared by the server, the data core and the UI). */
export * from '../domain/model.ts';
