import { signal } from '@preact/signals-react';
import type { AppConfig, Catalogue } from '../../worker/api.ts';
import type { Profile, Project } from '../../domain/model.ts';

/** The configuration, once the core has loaded it. */
export const appConfig = signal<AppConfig | null>(null);

/** The profile (layers, base maps, initial view). */
export const profile = signal<Profile | null>(null);

/** The project (tables and columns). */
export const project = signal<Project | null>(null);

/** The species catalogue. */
export const catalogue = signal<Catalogue | null>(null);
