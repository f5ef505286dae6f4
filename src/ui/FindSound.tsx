import { useEffect, useState } from 'react';
import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';

/**
 * A find's sound as a definition-list entry ('Zvočni posnetek' and a player), for the map's card
 * and the review: the core reads it (from the device while it waits, else the server) and the
 * player gets an object URL (an <audio> could not send the bearer token itself). Nothing when the
 * find has no sound.
 */
export function FindSound({ recordId }: { recordId: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    setUrl(null);
    core
      .getSound(recordId)
      .then((s) => {
        if (!live || !s) return;
        made = URL.createObjectURL(s.blob);
        setUrl(made);
        setWaiting(s.waiting);
      })
      .catch((e: unknown) => console.error('Sound not loaded', e));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [recordId]);
  if (!url) return null;
  return (
    <>
      <dt>{sl.sound.label}</dt>
      <dd className="find-sound">
        <audio controls preload="metadata" src={url} aria-label={sl.sound.player} data-testid="find-sound" />
        {waiting && <span className="field-hint">{sl.sound.waiting}</span>}
      </dd>
    </>
  );
}
