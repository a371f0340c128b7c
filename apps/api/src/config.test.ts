import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicConfig } from './config.ts';

describe('config', () => {
  it('has no map tiles by default, so the map works offline', () => {
    const config = loadConfig({});
    expect(config.MAP_TILE_URL).toBeUndefined();
    expect(publicConfig(config)).toMatchObject({ mapTileUrl: null, mapTileAttribution: null });
  });

  it('passes a tile template and its credit line to the browser', () => {
    const config = loadConfig({
      MAP_TILE_URL: ' https://tile.openstreetmap.org/{z}/{x}/{y}.png ',
      MAP_TILE_ATTRIBUTION: '© участники OpenStreetMap',
    });
    expect(publicConfig(config)).toMatchObject({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© участники OpenStreetMap',
    });
    expect(loadConfig({ MAP_TILE_URL: '' }).MAP_TILE_URL).toBeUndefined();
    expect(loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).MAP_TILE_URL).toBe('/tiles/{z}/{x}/{y}.png');
  });

  it('refuses a tile address that is not a template', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });

  it('takes a public origin of scheme and host only', () => {
    expect(loadConfig({}).PUBLIC_ORIGIN).toBeUndefined();
    expect(loadConfig({ PUBLIC_ORIGIN: ' https://www.multicenter.ru/ ' }).PUBLIC_ORIGIN).toBe(
      'https://www.multicenter.ru',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3000' }).PUBLIC_ORIGIN).toBe('http://localhost:3000');
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://www.multicenter.ru/catalog' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'www.multicenter.ru' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://www.multicenter.ru' })).toThrow(ConfigError);
  });

  it('takes a read replica only next to its primary', () => {
    const replica = 'postgres://store@10.0.0.5:5432/store';
    expect(loadConfig({}).DATABASE_READ_URL).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://store@10.0.0.4:5432/store', DATABASE_READ_URL: replica }),
    ).toMatchObject({ DATABASE_READ_URL: replica });
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow(/DATABASE_READ_URL.*DATABASE_URL/);
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://store@10.0.0.4:5432/store', DATABASE_READ_URL: 'redis://10.0.0.5' }),
    ).toThrow(/DATABASE_READ_URL/);
  });
});
