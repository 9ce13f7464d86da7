/**
 * A second corpus of watch frames, gathered as a hold-out check from sources real-frames.ts does
 * not cite: captures quoted in other open-source watch servers (named by what they are and a
 * string that finds the file on GitHub), verbatim.
 */
import type { RealFrame } from './real-frames.js';

export const HOLDOUT_FRAMES: Record<string, RealFrame[]> = {
  // A Java watch server's parser test: one TCP read of a G72 watch (Russia), split per frame.
  'github: TestParser.java "[3G*1208014868*0009*LK,0,0,97][3G*1208014868*004F*CONFIG': [
    { frame: '[3G*1208014868*0009*LK,0,0,99]', fix: false },
    {
      frame:
        '[3G*1208014868*0124*UD,110320,062250,V,54.900475,N,52.2779483,E,0.00,0.0,0.0,0,100,99,0,0,00000000,1,0,250,1,16205,29103,147,5,Corp_INET,b4:fb:e4:97:d0:45,-73,DIRECT-pHPhaser 3260,9e:93:4e:3a:25:ac,-76,Tetra,b4:fb:e4:97:d1:20,-78,DIRECT-E7-HP M428fdw LJ,fa:b4:6a:e0:d0:e7,-78,WIFI-LINK,90:f6:52:52:8f:7a,-82,18.8]',
      fix: true,
    },
    { frame: '[3G*1208014868*0009*LK,0,0,97]', fix: false },
    {
      frame:
        '[3G*1208014868*004F*CONFIG,TY:g72,UL:60,SY:0,CM:0,WT:0,HR:0,TB:2,CS:0,PP:1,AB:0,HH:1,TR:0,MO:1,FL:1]',
      fix: false,
    },
    {
      frame:
        '[3G*1208014868*019A*UD2,110320,071837,A,54.900505,N,52.2780400,E,0.00,189.3,0.0,8,100,95,0,0,00000000,7,255,250,1,16205,13561,151,16205,29103,149,16205,13563,142,16205,13562,141,16205,29102,141,16205,23561,139,16205,10453,136,5,Tetra,b4:fb:e4:97:d1:20,-74,Corp_INET,b4:fb:e4:97:d0:45,-75,DIRECT-pHPhaser 3260,9e:93:4e:3a:25:ac,-75,DIRECT-E7-HP M428fdw LJ,fa:b4:6a:e0:d0:e7,-79,DIRECT-78-HP M426 LaserJet,92:32:4b:83:2b:78,-82,20.1]',
      fix: true,
    },
    {
      frame:
        '[3G*1208014868*00D3*UD2,110320,071854,A,54.900538,N,52.2780167,E,0.00,28.2,0.0,8,100,95,0,0,00000000,7,255,250,1,16205,13561,154,16205,29103,146,16205,13563,142,16205,29102,140,16205,13562,139,16205,11163,138,16205,10453,134,0,19.7]',
      fix: true,
    },
  ],
  // A Go watch gateway's TCP test (a Tunisian watch's LK, UD and TKQ) and its no-fix fixture.
  'github: Go gateway test decodeWatch "[3G*9705141740*005A*UD,190723': [
    { frame: '[3G*9705141740*0009*LK,0,0,53]', fix: false },
    {
      frame:
        '[3G*9705141740*005A*UD,190723,190707,A,36.815109,N,10.1792312,E,8.24,127.9,21.0,5,100,53,0,0,00000000,0,0,58.0]',
      fix: true,
    },
    { frame: '[3G*9705141740*0003*TKQ]', fix: false },
    {
      frame:
        '[3G*4700222306*0077*UD,120316,140610,V,0.000000,N,0.000000,E,0.00,0.0,0.0,0,25,83,0,0,00000000,2,255,262,1,21041,9067,121,21041,5981,116]',
      fix: true,
    },
    { frame: '[SG*8800000015*0002*LK]', fix: false },
  ],
  // A Java GPS server's comment quoting a watch in Shanghai (MACs with one-digit octets).
  'github: ResponseData.java saveData "[3G*3916377609*016B*UD,150716': [
    {
      frame:
        '[3G*3916377609*016B*UD,150716,020644,V,31.200925,N,121.4601900,E,2.16,184.9,0.0,5,100,91,0,0,00000010,7,255,460,0,6243,53825,165, 6243,53363,155,6243,53826,154,6243,53827,153,6243,53361,149,6243,55377,148,6243,53362,148,5,jamestplink,c0:61:18:b:95:ce,-37,abcd,1a:ee:65:30:0:53,-68,TP-LINK_F6702A,8c:21:a:f6:70:2a,-73,VANS_PRIVATE,c0:3f:e:b:46:35,-78,EUFOTON,78:44:76:94:50:24,-80,35.6]',
      fix: true,
    },
  ],
  // A Node watch server's parser check, "Trama real con 10 WiFi APs" (Colombia, empty SSIDs).
  'github: protocol-parser test "[3G*6677006956*0161*UD_LTE,050226': [
    {
      frame:
        '[3G*6677006956*0161*UD_LTE,050226,224740,V,6.156588,N,-75.5202830,W,0.00,0.0,0.0,0,67,67,120473,0,00000000,1,0,732,103,3127,46146413,153,10,,F4:F2:6D:E4:24:CF,-68,,F6:F2:6D:E4:24:CC,-68,,8C:90:2D:35:10:CD,-77,,58:CB:52:B1:E8:DC,-84,,00:00:00:00:00:00,-87,,F0:99:BF:0D:CB:FC,-87,,B4:61:8C:2D:BE:A1,-88,,3C:28:6D:C7:4A:EE,-89,,E4:F0:42:EE:58:24,-90,,B4:61:8C:2D:BE:A4,-92,0.0]',
      fix: true,
    },
  ],
  // A Spring watch service's test (a MAC with a typo in it: `b0:7.4:d0`).
  'github: LocationRecord service test "[3G*2016001000*00E0*UD,120118': [
    {
      frame:
        '[3G*2016001000*00E0*UD,120118,070625,A,22.570720,N,113.8620167,E,0.00,188.6,0.0,9,100,51,14188,0,00000010,6,255,460,0,9360,5081,156,9360,4081,129,9360,4151,128,9360,5082,127,9360,4723,122,9360,4082,120,5,buyaoxialian,a0:c5:f2:b0:7.4:d0,-34,22.4]',
      fix: true,
    },
    { frame: '[3G*2016001000*0002*LK]', fix: false },
  ],
  // A gateway's protocol notes (ReachFar V28C/V46 pendants): an alarm record cut after the course.
  'github: watch gateway docs "Example 5: AL (Alarm Upload) — SOS Button"': [
    {
      frame: '[3G*9705314117*002D*AL_LTE,241122,062109,A,22.653729,N,114.014600,E,0,0,00010000]',
      fix: true,
    },
  ],
  // Traccar forks' generated tests (other watches' heartbeats, health items, an image header).
  'github: Traccar fork WatchProtocolDecoder tests (GeneratedTest, SHBR, BP)': [
    { frame: '[3G*7800000004*000F*SHBR,17]', fix: false },
    { frame: '[3G*5200002026*0011*BP,78,52,78,1]', fix: false },
    { frame: '[3G*4700990105*000E*INIT,1]', fix: false },
    { frame: '[3G*4700990105*0030*LK,0,100,0,100]', fix: false },
    {
      frame:
        '[3G*4700184321*00D4*UD,080520,053851,A,45.948567,N,6.132413,E,0.04,0.00,575.00,0,0,87,92,-11,4,9de4,E8216b4f80,150,-72,0f368dcf39,131,-70,WIFI!0b]',
      fix: true,
    },
    {
      frame:
        '[3G*4700184321*00D4*AL,080520,053851,A,45.948567,N,6.132413,E,0.04,0.00,575.00,0,0,87,92,-11,4,9de4,E8216b4f80,150,-72,0f368dcf39,131,-70,WIFI!0b]',
      fix: true,
    },
    { frame: '[YW*4700184321*0002*INIT]', fix: false },
    { frame: '[YW*4700184321*000D*LK,100,5]', fix: false },
    { frame: '[YW*4700184321*00BA*HEART,92]', fix: false },
    { frame: '[YW*4700184321*0072*TEMP,29]', fix: false },
    {
      frame: '[YW*4700184321*00F6*IMG,1F10,0,2,E8216b4f80,150,-72,0f368dcf39,131,-70,WIFI!0b]',
      fix: false,
    },
  ],
  // Heartbeats quoted by other watch servers' notes and test clients.
  'github: watch server notes and clients ("LK,0,0,55", "LK,100,50,85", "LK,0,1255,99", "LK,50,100", "LK,0,0,21")':
    [
      { frame: '[3G*3707805539*0009*LK,0,0,55]', fix: false },
      { frame: '[3G*863737078055392*000D*LK,100,50,85]', fix: false },
      { frame: '[3G*3919753126*0009*LK,0,1255,99]', fix: false },
      { frame: '[3G*9705357211*0009*LK,50,100]', fix: false },
      { frame: '[3G*351258730074555*0009*LK,0,0,21]', fix: false },
    ],
};
