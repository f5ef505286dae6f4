import { afterEach } from 'vitest';

/**
 * Node's real MessageChannels for a test file, each closed after its test (an open port keeps
 * the test process alive). Call at the file's top level; `open()` makes one.
 */
export function messageChannels(): { open: () => MessageChannel } {
  const channels: MessageChannel[] = [];
  afterEach(() => {
    for (const c of channels.splice(0)) {
      c.port1.close();
      c.port2.close();
    }
  });
  return {
    open: () => {
      const c = new MessageChannel();
      channels.push(c);
      return c;
    },
  };
}
