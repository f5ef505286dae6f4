import { signal } from '@preact/signals-react';

/** SPEC §4 online state, pushed by the data core (browser online AND /api/Test answered 200). */
export const online = signal<boolean>(true);
