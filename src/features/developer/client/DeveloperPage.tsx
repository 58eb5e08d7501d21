// The Developer page: keys, an API playground with code to copy, and credits.
import { useState } from 'react';
import { studioDatabase } from '../../../store/database';
import { createApiKey } from '../shared/key-admin';
import { CreditsPanel } from './CreditsPanel';
import { KeysPanel } from './KeysPanel';
import { Playground } from './Playground';
import { useKeys } from './useKeys';
import './developer.css';

export function DeveloperPage() {
  const { keys, reload } = useKeys();
  // The playground's key lives only in memory: the store keeps hashes.
  const [apiKey, setApiKey] = useState('');

  const createPlaygroundKey = async () => {
    const { key } = await createApiKey(await studioDatabase(), 'Playground');
    setApiKey(key);
    await reload();
  };

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Developer</h1>
          <p>
            Call the <code>/v1</code> API from any page or script on this origin. The service worker answers it on this device: it works
            offline, and nothing leaves it.
          </p>
        </div>
      </header>
      <div className="stack-lg">
        <KeysPanel keys={keys} reload={reload} onNewKey={setApiKey} />
        <section className="card" aria-labelledby="playground-title">
          <div className="card-header">
            <h2 id="playground-title">Playground</h2>
            <p>Sends a real request from this page, exactly as a script would, and shows what comes back.</p>
          </div>
          <Playground apiKey={apiKey} onApiKey={setApiKey} onCreateKey={createPlaygroundKey} onAnswered={() => void reload()} />
        </section>
        <CreditsPanel keys={keys} />
      </div>
    </div>
  );
}
