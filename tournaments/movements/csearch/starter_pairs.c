// starter + matching search: ./mt n seed nodelimit maxstarters mod1 [mod2...]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static unsigned long long rs;
static inline unsigned long long rnd(void){ rs ^= rs<<13; rs ^= rs>>7; rs ^= rs<<17; return rs; }
int M, INF, NC, K, onerot;
int sub[128][128], cls[128];
int PA[64], PB[64];
int cross[64][64][4], ncross[64][64];
int cnt[128], used[64], mate[64];
long nodes, limit;
static int feasible(int i,int j){ for(int q=0;q<ncross[i][j];q++){ int c=cross[i][j][q]; int k=0; for(int r=0;r<ncross[i][j];r++) if(cross[i][j][r]==c) k++; if(cnt[c]+k>2) return 0;} return 1;}
static int dfs(int left){
 if(left==0) return 1;
 if(++nodes>limit) return 0;
 static int cov[64][128]; int *cv=cov[left/2]; // per-depth storage not needed beyond this frame
 int pc[64]; memset(cv,0,sizeof(int)*NC); 
 for(int i=0;i<K;i++) pc[i]=0;
 for(int i=0;i<K;i++) if(!used[i]) for(int j=i+1;j<K;j++) if(!used[j]&&feasible(i,j)){ pc[i]++; pc[j]++; for(int q=0;q<ncross[i][j];q++) cv[cross[i][j][q]]++; }
 int bi=-1,bc=1<<30;
 for(int i=0;i<K;i++) if(!used[i]){ if(pc[i]==0) return 0; if(pc[i]<bc){bc=pc[i];bi=i;} }
 int bcl=-1, bcc=1<<30;
 for(int c=0;c<NC;c++){ int need=2-cnt[c]; if(need<=0) continue; if(cv[c]<need) return 0; int v=cv[c]/need; if(v<bcc){bcc=v;bcl=c;} }
 int cand[2048][2], nc=0;
 if(bcl>=0 && bcc<bc){
   for(int i=0;i<K;i++) if(!used[i]) for(int j=i+1;j<K;j++) if(!used[j]&&feasible(i,j)){ for(int q=0;q<ncross[i][j];q++) if(cross[i][j][q]==bcl){cand[nc][0]=i;cand[nc][1]=j;nc++;break;} }
 } else {
   int i=bi; for(int j=0;j<K;j++) if(j!=i&&!used[j]&&feasible(i,j)){cand[nc][0]=i;cand[nc][1]=j;nc++;}
 }
 for(int a=nc-1;a>0;a--){int b=rnd()%(a+1); int t0=cand[a][0],t1=cand[a][1];cand[a][0]=cand[b][0];cand[a][1]=cand[b][1];cand[b][0]=t0;cand[b][1]=t1;}
 for(int a=0;a<nc;a++){ int i=cand[a][0], j=cand[a][1]; used[i]=used[j]=1; for(int q=0;q<ncross[i][j];q++) cnt[cross[i][j][q]]++; mate[i]=j; mate[j]=i;
   if(dfs(left-2)) return 1; for(int q=0;q<ncross[i][j];q++) cnt[cross[i][j][q]]--; used[i]=used[j]=0; if(nodes>limit) break; }
 return 0;
}
int sused[128], cused[128], spart[128];
static int sdfs(int x){ // random starter over M\{0}
 while(x<M && sused[x]) x++;
 if(x==M) return 1;
 int cand[128],nc=0; for(int y=x+1;y<M;y++) if(!sused[y] && !cused[cls[sub[x][y]]]) cand[nc++]=y;
 for(int a=nc-1;a>0;a--){int b=rnd()%(a+1); int t=cand[a];cand[a]=cand[b];cand[b]=t;}
 if(++nodes>limit) return 0;
 sused[x]=1;
 for(int a=0;a<nc;a++){int y=cand[a]; sused[y]=1; cused[cls[sub[x][y]]]=1; spart[x]=y; if(sdfs(x+1)) return 1; sused[y]=0; cused[cls[sub[x][y]]]=0; if(nodes>limit) break;}
 sused[x]=0; return 0;
}
int main(int argc,char**argv){
 int n=atoi(argv[1]); unsigned long long seed=atoll(argv[2]); limit=atol(argv[3]); long maxst=atol(argv[4]);
 int nm=argc-5; int mods[8]; M=1; for(int i=0;i<nm;i++){mods[i]=atoi(argv[5+i]); M*=mods[i];}
 onerot = n%4==0; if((onerot?n-1:n)!=M){fprintf(stderr,"order mismatch\n");return 1;}
 int vec[128][8]; for(int x=0;x<M;x++){ int r=x; for(int i=nm-1;i>=0;i--){vec[x][i]=r%mods[i]; r/=mods[i];}}
 for(int x=0;x<M;x++)for(int y=0;y<M;y++){ int idx=0; for(int i=0;i<nm;i++) idx=idx*mods[i]+((vec[x][i]-vec[y][i])%mods[i]+mods[i])%mods[i]; sub[x][y]=idx;}
 NC=0; for(int x=0;x<M;x++) cls[x]=-1; for(int x=1;x<M;x++){ if(cls[x]<0){ cls[x]=NC; cls[sub[0][x]]=NC; NC++; }}
 INF=M;
 rs = seed*0x9E3779B97F4A7C15ULL+12345; for(int i=0;i<10;i++) rnd();
 clock_t t0=clock(); long totnodes=0;
 for(long st=0; st<maxst; st++){
  memset(sused,0,sizeof sused); memset(cused,0,sizeof cused); sused[0]=1;
  long lim=limit; limit=1000000; nodes=0; if(!sdfs(1)){ limit=lim; continue;} limit=lim;
  K=0; if(onerot){PA[K]=INF;PB[K]=0;K++;}
  for(int x=1;x<M;x++) if(spart[x]>x && sused[x]) { }
  // collect pairs: spart[x] set for x being smaller element
  { int seen[128]={0}; for(int x=1;x<M;x++) if(!seen[x]){ int y=spart[x]; seen[x]=seen[y]=1; PA[K]=x;PB[K]=y;K++; } }
  if(!onerot){ // cyclic: elements 1..M-1 only; 0 sits out
  }
  for(int i=0;i<K;i++)for(int j=0;j<K;j++){ int a[2]={PA[i],PB[i]}, b[2]={PA[j],PB[j]}; int q=0;
    for(int u=0;u<2;u++)for(int v=0;v<2;v++) if(a[u]!=INF&&b[v]!=INF) cross[i][j][q++]=cls[sub[a[u]][b[v]]]; ncross[i][j]=q; }
  memset(cnt,0,sizeof cnt); memset(used,0,sizeof used); nodes=0;
  int ok=dfs(K); totnodes+=nodes;
  if(ok){ printf("FOUND starter %ld time %.1f nodes %ld\n",st,(double)(clock()-t0)/CLOCKS_PER_SEC,totnodes);
    for(int i=0;i<K;i++) if(mate[i]>i){ int j=mate[i]; printf("(%d, %d, %d, %d)\n",PA[i],PA[j],PB[i],PB[j]); }
    return 0; }
  if(st%100==0) fprintf(stderr,"starter %ld nodes %ld t=%.1f\n",st,totnodes,(double)(clock()-t0)/CLOCKS_PER_SEC);
 }
 printf("NOTFOUND\n"); return 1;
}
