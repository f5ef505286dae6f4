import { signal } from '@preact/signals-react';

/** Whether the app is online, pushed by the data core (browser online AND /api/Test answered 200). */
export const online = signal<boolean>(true);
