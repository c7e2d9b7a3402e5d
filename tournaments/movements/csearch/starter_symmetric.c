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
 // most constrained unmatched pair
 int best=-1,bc=1000; int cand[64], nc=0;
 for(int i=0;i<K;i++) if(!used[i]){ int c=0; for(int j=0;j<K;j++) if(j!=i&&!used[j]&&feasible(i,j)) c++; if(c<bc){bc=c;best=i; if(c==0) return 0;} }
 int i=best; used[i]=1;
 for(int j=0;j<K;j++) if(!used[j]&&feasible(i,j)) cand[nc++]=j;
 for(int a=nc-1;a>0;a--){int b=rnd()%(a+1); int t=cand[a];cand[a]=cand[b];cand[b]=t;}
 for(int a=0;a<nc;a++){ int j=cand[a]; used[j]=1; for(int q=0;q<ncross[i][j];q++) cnt[cross[i][j][q]]++; mate[i]=j; mate[j]=i;
   if(dfs(left-2)) return 1; for(int q=0;q<ncross[i][j];q++) cnt[cross[i][j][q]]--; used[j]=0; if(nodes>limit) break; }
 used[i]=0; return 0;
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
 int n=atoi(argv[1]); unsigned long long seed=atoll(argv[2]); limit=atol(argv[3]); long maxst=atol(argv[4]); int R=atoi(argv[5]);
 int nm=argc-6; int mods[8]; M=1; for(int i=0;i<nm;i++){mods[i]=atoi(argv[6+i]); M*=mods[i];}
 onerot = n%4==0; if((onerot?n-1:n)!=M){fprintf(stderr,"order mismatch\n");return 1;}
 int vec[128][8]; for(int x=0;x<M;x++){ int r=x; for(int i=nm-1;i>=0;i--){vec[x][i]=r%mods[i]; r/=mods[i];}}
 for(int x=0;x<M;x++)for(int y=0;y<M;y++){ int idx=0; for(int i=0;i<nm;i++) idx=idx*mods[i]+((vec[x][i]-vec[y][i])%mods[i]+mods[i])%mods[i]; sub[x][y]=idx;}
 NC=0; for(int x=0;x<M;x++) cls[x]=-1; for(int x=1;x<M;x++){ if(cls[x]<0){ cls[x]=NC; cls[sub[0][x]]=NC; NC++; }}
 INF=M;
 rs = seed*0x9E3779B97F4A7C15ULL+12345; for(int i=0;i<10;i++) rnd();
 clock_t t0=clock(); long totnodes=0;
 for(long st=0; st<maxst; st++){
  memset(sused,0,sizeof sused); memset(cused,0,sizeof cused); sused[0]=1;
  { // symmetric pairs {x,-x} for all classes but R random ones (their elements stay free)
    int reps[128], nr=0; for(int x=1;x<M;x++) if(x<sub[0][x]) reps[nr++]=x;
    for(int a=nr-1;a>0;a--){int b=rnd()%(a+1); int t=reps[a];reps[a]=reps[b];reps[b]=t;}
    // classes of the symmetric pairs: cls(2x); the R excluded element-classes are reps[0..R-1]
    for(int a=R;a<nr;a++){ int x=reps[a], y=sub[0][x]; int c=cls[sub[x][y]]; if(cused[c]) { /* conflict impossible: 2x distinct */ }
      cused[c]=1; sused[x]=sused[y]=1; spart[x]=y; spart[y]=x; }
  }
  long lim=limit; limit=200000; nodes=0; if(!sdfs(1)){ limit=lim; continue;} limit=lim;
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
