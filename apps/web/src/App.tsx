import { BrowserRouter } from 'react-router';
import { LocaleProvider } from './components/LocaleProvider';
import { AppRoutes } from './router/routes';

export function App() {
  return (
    <LocaleProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </LocaleProvider>
  );
}
