import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The design tokens and shared components first, so feature styles can refine them.
import './ui/styles.css';
import { App } from './ui/App';
import { startApp } from './ui/boot';

const services = startApp();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
