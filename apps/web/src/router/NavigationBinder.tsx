import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { bindNavigate } from './navigation';

/** Hands the router's navigate function to the navigation module. */
export function NavigationBinder() {
  const navigate = useNavigate();
  useEffect(() => bindNavigate(navigate), [navigate]);
  return null;
}
