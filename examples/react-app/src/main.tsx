import { LpProvider } from '@lp/react';
import { defineElements } from '@lp/widget';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// The shop API; `npm start` (start.mjs) sets it, or put VITE_LP_API=https://api.your-shop.example in `.env`.
const api = import.meta.env.VITE_LP_API ?? 'http://127.0.0.1:4000';

// Registers <lp-plate-generator> and the other elements (the print editor is not used here).
defineElements({ api, editor: false });

createRoot(document.getElementById('root')!).render(
  <LpProvider options={{ baseUrl: api }}>
    <App />
  </LpProvider>,
);
