import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router/routes';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
