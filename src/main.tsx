import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The design tokens and shared components first, so the shell's and the pages' styles can refine them.
import './ui/styles.css';
import { App } from './app/App';
import { startApp } from './app/boot';

const services = startApp();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
